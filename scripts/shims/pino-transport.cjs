// pino's transports run in a worker thread (thread-stream). skein logs to a file descriptor or a stream of its own
// and never asks pino for a transport, so the bundled pino (scripts/build.mjs) gets this instead of
// pino/lib/transport.js: an idle daemon does not load worker threads for it.
module.exports = function transport() {
  throw new Error("pino transports are not part of skein's build: log to a destination or a stream");
};
