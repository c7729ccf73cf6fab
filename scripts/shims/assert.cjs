// sonic-boom (pino's destination, bundled into dist/) requires node:assert for one check when a file closes;
// loading node:assert also loads its diff and colour modules. This assert loads it only to report a failure.
module.exports = function assert(value, message) {
  if (!value) require("node:assert")(value, message);
};
