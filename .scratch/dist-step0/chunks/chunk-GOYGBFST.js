#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);

import { ConfigError } from "./chunk-E3XL2VA2.js";
function fail(reason) {
  process.stderr.write(`skein: ${reason}
`);
}
function reportFatal(error, env = process.env) {
  const debug = env.SKEIN_LOG_LEVEL === "debug" || env.SKEIN_LOG_LEVEL === "trace";
  return (
    error instanceof Error
      ? error instanceof ConfigError || ["DaemonError", "ProviderError"].includes(error.name)
        ? fail(error.message)
        : fail(
            debug ? (error.stack ?? error.message) : `${error.message} (SKEIN_LOG_LEVEL=debug shows where it happened)`,
          )
      : fail(String(error)),
    1
  );
}
function writeOut(text) {
  return new Promise((resolve, reject) => process.stdout.write(text, (error) => (error ? reject(error) : resolve())));
}
export { fail, reportFatal, writeOut };
//# sourceMappingURL=chunk-GOYGBFST.js.map
