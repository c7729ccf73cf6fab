import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pino } from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openFileJournal } from "../../src/bus/file-journal.js";
import type { JournalBook } from "../../src/bus/journal-book.js";
import type { InboundMessage } from "../../src/bus/messages.js";
import type { SendOptions } from "../../src/channel-kit/channel.js";
import type { InboundGate } from "../../src/gates/gate.js";
import { type Harness, startHarness } from "./harness.js";

const log = pino({ level: "silent" });

describe("resuming journaled messages after a restart", () => {
  let home: string;
  let harness: Harness | undefined;
  beforeEach(async () => {
    home = await mkdtemp(join(tmpdir(), "skein-resume-"));
  });
  afterEach(async () => {
    await harness?.close({ keepHome: true });
    harness = undefined;
    await rm(home, { recursive: true, force: true });
  });

  const openJournal = () => openFileJournal({ dir: join(home, "state"), log, maxMessageAgeSeconds: 86_400 });

  function inbound(id: string, extra: Partial<InboundMessage> = {}): InboundMessage {
    return {
      id,
      channel: "test",
      chatId: "chat-1",
      senderId: "user-1",
      text: `question ${id}`,
      isDirect: true,
      receivedAt: Date.now(),
      ...extra,
    };
  }

  /** Records messages as an earlier run would have, leaving them at the progress `prepare` gives them. */
  async function earlierRun(prepare: (journal: JournalBook) => Promise<void>): Promise<void> {
    const journal = await openJournal();
    await prepare(journal);
    await journal.close();
  }

  /** A restarted agent loop over the same home and journal. */
  async function restart(options: Parameters<typeof startHarness>[0] = {}): Promise<Harness> {
    harness = await startHarness({ home, journal: await openJournal(), ...options });
    return harness;
  }

  it("runs again a turn a shutdown cancelled, once, without storing its user message twice", async () => {
    const first = await startHarness({ home, journal: await openJournal() });
    first.fake.reply({ type: "hang" });
    const cancelled = first.receive("what is the answer?");
    await first.fake.waitForRequests(1);
    await first.close({ keepHome: true });
    expect(first.sent).toEqual([]);

    const second = await restart();
    const outcome = await second.outcomeOf(cancelled.id);
    expect(outcome).toMatchObject({ status: "answered", reply: "echo: what is the answer?" });
    expect(second.sent.map((message) => message.text)).toEqual(["echo: what is the answer?"]);
    await second.sessions.flush();
    expect(await second.sessions.load("test:chat-1")).toHaveLength(2);
  });

  it("sends the stored replies of a turn whose session records were written just before a crash, without the model", async () => {
    const message = inbound("test:41");
    await earlierRun(async (journal) => {
      await journal.record(message);
    });
    await mkdir(join(home, "sessions"), { recursive: true });
    const records = [
      { role: "user", content: message.text },
      { role: "assistant", content: "already computed" },
    ];
    await writeFile(
      join(home, "sessions", "test%3Achat-1.jsonl"),
      `${JSON.stringify({ turn: message.id, messages: records, replies: ["already computed"] })}\n`,
    );

    const restarted = await restart();
    expect(await restarted.outcomeOf(message.id)).toMatchObject({ status: "answered", reply: "already computed" });
    expect(restarted.fake.requests).toHaveLength(0);
    expect(restarted.sent.map((sent) => sent.text)).toEqual(["already computed"]);
    expect(await restarted.sessions.load("test:chat-1")).toHaveLength(2);
  });

  it("delivers only the chunks an answered message still lacks, then completes it", async () => {
    const message = inbound("test:7");
    await earlierRun(async (journal) => {
      const entries: Parameters<Parameters<JournalBook["consume"]>[0]>[0][] = [];
      journal.consume((entry) => entries.push(entry));
      await journal.record(message);
      await entries[0]!.answered([
        { channel: "test", chatId: "chat-1", text: "long reply" },
        { channel: "test", chatId: "chat-1", text: "follow-up" },
      ]);
      await entries[0]!.delivered(0, 0);
      await entries[0]!.delivered(0, 1);
    });
    const asked: Array<number | undefined> = [];
    const restarted = await restart({
      send: async (_message, options?: SendOptions) => {
        asked.push(options?.fromChunk);
        await options?.onChunkDelivered?.(options.fromChunk ?? 0);
      },
    });
    await restarted.outcomeOf(message.id);
    expect(restarted.sent.map((sent) => sent.text)).toEqual(["long reply", "follow-up"]);
    expect(asked).toEqual([2, 0]);
    expect(restarted.fake.requests).toHaveLength(0);
    await restarted.close({ keepHome: true });
    harness = undefined;
    const journal = await openJournal();
    expect(journal.stateOf(message.id)).toBe("complete");
    await journal.close();
  });

  it("completes messages a gate ignores or answers, chat commands, and messages too old when they arrived", async () => {
    const ignoreGroups: InboundGate = {
      name: "groups",
      admit: (message) => (message.isDirect ? { type: "admit", message } : { type: "ignore", reason: "group" }),
    };
    const restarted = await restart({ gates: [ignoreGroups] });
    const ignored = restarted.receive("in a group", { isDirect: false });
    const help = restarted.receive("/help");
    const stale = restarted.receive("from two days ago", { receivedAt: Date.now() - 2 * 86_400_000 });
    for (const message of [ignored, help, stale]) await restarted.outcomeOf(message.id);
    expect(restarted.fake.requests).toHaveLength(0);
    expect(restarted.sent).toHaveLength(1); // the help text
    for (const message of [ignored, help, stale]) {
      expect(await restarted.bus.publishInbound(message)).toEqual({ type: "duplicate", state: "complete" });
    }
  });

  it("answers a message that arrives late with the time it was sent shown to the model", async () => {
    const restarted = await restart();
    const sentAt = Date.now() - 3_600_000;
    await restarted.ask("did you miss me?", { receivedAt: sentAt });
    const user = restarted.fake.requests[0]!.body.messages.at(-1);
    const minute = (epochMs: number) => new Date(epochMs).toISOString().slice(0, 16).replace("T", " ");
    expect(user?.content).toMatch(
      new RegExp(`^\\[\\w{3} ${minute(sentAt)} UTC, answered \\w{3} [\\d-]+ [\\d:]+ UTC\\] did you miss me\\?$`),
    );
  });
});
