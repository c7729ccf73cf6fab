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
import { describeSchedule } from "./chunk-D7JGR63W.js";
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
  try {
    const loaded = await loadConfig({ configPath: options.config, env: io.env, cwd: io.cwd }),
      jobs = await withJobStore(loaded, (store) => store.list());
    if (options.json)
      return (
        io.stdout(`${JSON.stringify(jobs, null, 2)}
`),
        0
      );
    if (jobs.length === 0)
      return (
        io.stdout(`No scheduled jobs.
`),
        0
      );
    for (const job of jobs) {
      const next = job.nextRun === void 0 ? "done" : new Date(job.nextRun).toISOString(),
        name = job.name ? ` "${job.name}"` : "";
      io.stdout(`${job.id}  ${job.kind}${name}  ${describeSchedule(job.schedule, job.tz)}  next ${next}  to ${job.target.channel}:${job.target.chatId}  (from ${job.createdIn.channel}:${job.createdIn.chatId})
`);
    }
    return (
      io.stdout(`Remove one with: skein schedule remove <id>
`),
      0
    );
  } catch (error) {
    return (
      io.stderr(`skein: ${error.message}
`),
      1
    );
  }
}
export { run };
//# sourceMappingURL=schedule-list-FTW4C2YP.js.map
