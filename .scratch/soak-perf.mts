import { mkdtempSync } from "node:fs";
import { queueRound, startSoakDaemon } from "/work/main/bench/soak-daemon.js";
const daemon = await startSoakDaemon(process.argv[2]!, mkdtempSync("/tmp/soakperf-"), { extraFlags: ["--perf-basic-prof-only-functions"] });
console.log("pid", daemon.pid);
let sent = 0;
for (let r = 0; r < Number(process.env.ROUNDS ?? 150); r++) { queueRound(daemon.telegram, 100, sent); sent += 100; await daemon.telegram.waitForSent(sent); }
await daemon.stop();
