import { mkdtempSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { encodeSessionKey } from "/work/main/src/agent/sessions/session-id.js";
import { queueRound, startSoakDaemon } from "/work/main/bench/soak-daemon.js";
const home = mkdtempSync("/tmp/histperf-"); const size = Number(process.env.SIZE ?? 1000);
await mkdir(join(home, "sessions"), { recursive: true });
for (let chat = 1; chat <= 50; chat++) { let text = ""; for (let t = 0; t < size / 2; t++) text += JSON.stringify({ turn: `telegram:${10000 + chat}:${t}`, messages: [{ role: "user", content: `[Mon 2026-11-30 10:00 UTC] message ${t} of chat ${chat}` }, { role: "assistant", content: `ok, noted ${t}` }], replies: ["ok"] }) + "\n"; await writeFile(join(home, "sessions", `${encodeSessionKey(`telegram:${10000 + chat}`)}.jsonl`), text); }
const daemon = await startSoakDaemon(process.argv[2]!, home, { extraFlags: ["--perf-basic-prof-only-functions"] });
console.log("pid", daemon.pid);
let sent = 1_000_000, replies = 0;
for (let r = 0; r < Number(process.env.ROUNDS ?? 60); r++) { queueRound(daemon.telegram, 50, sent, 1); sent += 50; replies += 50; await daemon.telegram.waitForSent(replies); }
await daemon.stop();
