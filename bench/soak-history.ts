/**
 * The soak's second part: what a turn costs the daemon as its chat's history grows. Chats whose sessions hold
 * 10, 100 and 1,000 messages (written before the daemon starts, as turns it answered before) are answered in
 * turn, each size on its own, and the daemon's CPU per turn is read for each.
 */
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { encodeSessionKey } from "../src/agent/sessions/session-id.js";
import { queueRound, readProcess, startSoakDaemon } from "./soak-daemon.js";

/** The history sizes measured, in messages. */
export const historySizes = [10, 100, 1_000] as const;
const chatsPerSize = 50;
const rounds = 12;

/** One stored turn of a seeded chat, as the session file keeps it. */
function turnLine(chat: number, turn: number): string {
  const messages = [
    { role: "user", content: `[Mon 2026-11-30 10:00 UTC] message ${turn} of chat ${chat}` },
    { role: "assistant", content: `ok, noted ${turn}` },
  ];
  return `${JSON.stringify({ turn: `telegram:${10_000 + chat}:${turn}`, messages, replies: [messages[1]!.content] })}\n`;
}

/** Writes `chats` sessions from chat `first` on, each with `messages` messages. */
async function seed(home: string, first: number, chats: number, messages: number): Promise<void> {
  const dir = join(home, "sessions");
  await mkdir(dir, { recursive: true });
  for (let chat = first; chat < first + chats; chat++) {
    let text = "";
    for (let turn = 0; turn < messages / 2; turn++) text += turnLine(chat, turn);
    await writeFile(join(dir, `${encodeSessionKey(`telegram:${10_000 + chat}`)}.jsonl`), text);
  }
}

export interface HistoryCost {
  messages: number;
  /** The daemon's CPU per turn, in milliseconds, and the main thread's part of it. */
  cpuMs: number;
  mainThreadCpuMs: number;
}

/** The daemon's CPU per turn with each of {@link historySizes} messages of history (`cli`: a built dist/cli.js). */
export async function historyCosts(cli: string, home: string): Promise<HistoryCost[]> {
  for (const [index, messages] of historySizes.entries())
    await seed(home, 1 + index * chatsPerSize, chatsPerSize, messages);
  const daemon = await startSoakDaemon(cli, home);
  const costs: HistoryCost[] = historySizes.map((messages) => ({ messages, cpuMs: 0, mainThreadCpuMs: 0 }));
  let sent = 1_000_000;
  let replies = 0;
  const round = async (first: number) => {
    queueRound(daemon.telegram, chatsPerSize, sent, first);
    sent += chatsPerSize;
    replies += chatsPerSize;
    await daemon.telegram.waitForSent(replies);
  };
  try {
    // Warm-up: every session read in, the code compiled; then the sizes take turns, so that what drifts (the
    // machine's load, the heap's growth) falls on each alike.
    for (let warmup = 0; warmup < 3; warmup++)
      for (let index = 0; index < historySizes.length; index++) await round(1 + index * chatsPerSize);
    for (let measured = 0; measured < rounds; measured++) {
      for (const [index, cost] of costs.entries()) {
        const before = await readProcess(daemon.pid);
        await round(1 + index * chatsPerSize);
        const after = await readProcess(daemon.pid);
        cost.cpuMs += (after.cpuMs - before.cpuMs) / (rounds * chatsPerSize);
        cost.mainThreadCpuMs += (after.mainThreadCpuMs - before.mainThreadCpuMs) / (rounds * chatsPerSize);
      }
    }
  } finally {
    await daemon.stop();
  }
  return costs;
}
