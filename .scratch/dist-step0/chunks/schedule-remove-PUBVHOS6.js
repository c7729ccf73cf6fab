#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);
import { processIo } from "./chunk-6MTWHA4Y.js";
import { withJobStore } from "./chunk-LHWVAIK3.js";
import "./chunk-PYA2XW7F.js";
import "./chunk-5XM3NNSM.js";
import "./chunk-DBSFFG4C.js";
import "./chunk-KRMCE3D2.js";
import "./chunk-YOR6E77O.js";
import "./chunk-FIAR7CSA.js";
import "./chunk-SLFH2BJK.js";
import "./chunk-GMD2LKHM.js";
import { loadConfig } from "./chunk-E3XL2VA2.js";
import "./chunk-MSZBOYJI.js";
import "./chunk-PSIFTLKK.js";
import "./chunk-BPOSQNOK.js";
import "./chunk-QK2XCNBO.js";
import "./chunk-VWMAGS7D.js";
import "./chunk-2FTZYMYD.js";
import "./chunk-GZ7VATWC.js";
async function run(options, io = processIo) {
  const [id] = options.args ?? [];
  try {
    if (!id) throw new Error("give the id of the job to remove (see skein schedule list)");
    const loaded = await loadConfig({ configPath: options.config, env: io.env, cwd: io.cwd });
    return (await withJobStore(loaded, (store) => store.remove(id)))
      ? (io.stdout(`Removed job ${id}.
`),
        0)
      : (io.stderr(`skein: no scheduled job ${id} (see skein schedule list)
`),
        1);
  } catch (error) {
    return (
      io.stderr(`skein: ${error.message}
`),
      1
    );
  }
}
export { run };
//# sourceMappingURL=schedule-remove-PUBVHOS6.js.map
