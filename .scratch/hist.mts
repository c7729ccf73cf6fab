import { historyCosts } from "/work/main/bench/soak-history.js";
import { mkdtempSync } from "node:fs";
for (const cli of process.argv.slice(2)) { const costs = await historyCosts(cli, mkdtempSync("/tmp/hist-")); console.log(cli, costs.map((c) => `${c.messages}: ${c.cpuMs.toFixed(2)} (${c.mainThreadCpuMs.toFixed(2)})`).join("  ")); }
