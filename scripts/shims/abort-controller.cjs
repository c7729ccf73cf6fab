// grammY requires the abort-controller polyfill; Node has AbortController built in.
module.exports = { AbortController: globalThis.AbortController, AbortSignal: globalThis.AbortSignal };
module.exports.default = globalThis.AbortController;
