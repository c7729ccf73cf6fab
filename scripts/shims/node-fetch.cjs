// grammY (bundled into dist/) requires node-fetch v2 for its default `fetch` and for
// InputFile URLs; skein hands grammY its own client and Node has a global fetch, so
// node-fetch and its URL stack (whatwg-url, tr46's mapping table) are never loaded.
function fetch(...args) {
  return globalThis.fetch(...args);
}
module.exports = fetch;
module.exports.default = fetch;
