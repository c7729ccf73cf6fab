#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);

import { runDoctor } from "./chunk-3VV6P5KQ.js";
import "./chunk-LYAQOSF4.js";
import "./chunk-E3XL2VA2.js";
import "./chunk-MSZBOYJI.js";
import "./chunk-M4L3VU3S.js";
import "./chunk-K3B23OA7.js";
import "./chunk-KZUCDV6L.js";
import "./chunk-PSIFTLKK.js";
import "./chunk-BPOSQNOK.js";
import "./chunk-TLEM5GPM.js";
import "./chunk-XR4YVOZP.js";
import "./chunk-GZ7VATWC.js";
async function run(options) {
  const { exitCode } = await runDoctor({
    ...(options.config ? { configPath: options.config } : {}),
    json: options.json,
  });
  return exitCode;
}
export { run };
//# sourceMappingURL=doctor-4UVGMB4L.js.map
