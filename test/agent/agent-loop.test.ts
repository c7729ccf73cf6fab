import { readFile } from "node:fs/promises";
import { afterEach, describe, expect, it } from "vitest";
import { apologies } from "../../src/agent/turn/apology.js";
import type { InboundGate } from "../../src/gates/gate.js";
import { toolResult } from "../../src/tools/tool.js";
import { type FakeReply, type FakeRequest, spokenText } from "../fakes/fake-openai.js";
import { fakeTool } from "../support/tool-context.js";
import { within } from "../support/within.js";
import { type Harness, startHarness } from "./harness.js";

/** A reply the test releases when it wants to. */
function heldReply() {
  let release!: (reply?: FakeReply) => void;
  const reply = new Promise<FakeReply>((resolve) => (release = (value) => resolve(value ?? { content: "released" })));
  return { reply, release };
}

const lastUserText = (body: FakeRequest["body"]) =>
  spokenText([...body.messages].reverse().find((message) => message.role === "user")?.content);

describe("the agent loop", () => {
  let harness: Harness;
  afterEach(() => harness?.close());

  it("handles one session's messages strictly in order while other sessions go ahead", async () => {
    harness = await startHarness();
    const events: string[] = [];
    const first = heldReply();
    harness.fake.respondWith((request) => {
      const text = lastUserText(request.body);
      events.push(`model saw ${text}`);
      return text === "A1" ? first.reply : { content: `re ${text}` };
    });
    const a1 = harness.receive("A1", { chatId: "a" });
    const a2 = harness.receive("A2", { chatId: "a" });
    await harness.fake.waitForRequests(1);
    const b1 = harness.receive("B1", { chatId: "b" });
    expect((await harness.outcomeOf(b1.id)).reply).toBe("re B1");
    expect(events).toEqual(["model saw A1", "model saw B1"]);
    first.release({ content: "re A1" });
    await harness.outcomeOf(a2.id);
    await harness.outcomeOf(a1.id);
    expect(events).toEqual(["model saw A1", "model saw B1", "model saw A2"]);
    expect(harness.sent.filter((message) => message.chatId === "a").map((message) => message.text)).toEqual([
      "re A1",
      "re A2",
    ]);
  });

  it("runs at most max_concurrent_turns sessions at once; a queued session waits its turn", async () => {
    harness = await startHarness({ agent: { max_concurrent_turns: 2 } });
    const held = [heldReply(), heldReply()];
    let next = 0;
    harness.fake.respondWith((request) =>
      lastUserText(request.body) === "third" ? { content: "third done" } : held[next++]!.reply,
    );
    harness.receive("first", { chatId: "1" });
    harness.receive("second", { chatId: "2" });
    const third = harness.receive("third", { chatId: "3" });
    await harness.fake.waitForRequests(2);
    expect(harness.agent.stats.activeSessions).toBe(3);
    expect(harness.fake.requests.map((request) => lastUserText(request.body)).sort()).toEqual(["first", "second"]);
    held[0]!.release();
    expect((await harness.outcomeOf(third.id)).reply).toBe("third done");
    held[1]!.release();
    await harness.agent.idle();
    expect(harness.agent.stats).toMatchObject({ sessions: 3, activeSessions: 0, turnsServed: 3 });
  });

  it("passes messages through the gates in order and answers a gate's reply without the model", async () => {
    const seen: string[] = [];
    const gates: InboundGate[] = [
      {
        name: "dedup",
        admit: (message) => {
          if (seen.includes(message.id)) return { type: "ignore", reason: "duplicate" };
          seen.push(message.id);
          return { type: "admit", message };
        },
      },
      {
        name: "access",
        admit: (message) =>
          message.senderId === "stranger"
            ? { type: "reply", text: "Pairing code: ABC123" }
            : { type: "admit", message: { ...message, text: message.text.replace("@bot ", "") } },
      },
    ];
    harness = await startHarness({ gates });
    const stranger = await harness.ask("hello", { senderId: "stranger", threadId: "t1", replyToId: "m9" });
    expect(stranger.status).toBe("gated");
    expect(harness.sent).toEqual([
      { channel: "test", chatId: "chat-1", threadId: "t1", replyToId: "m9", text: "Pairing code: ABC123" },
    ]);
    expect(harness.fake.requests).toHaveLength(0);

    const admitted = await harness.ask("@bot hi", { id: "same-id" });
    expect(admitted.reply).toBe("echo: hi");
    const redelivered = await harness.bus.publishInbound({ ...admitted.message, text: "@bot hi" });
    expect(redelivered).toEqual({ type: "duplicate", state: "complete" });
    expect(harness.fake.requests).toHaveLength(1);

    const internal = await harness.ask("background job finished", { senderId: "stranger", internal: true });
    expect(internal.status).toBe("answered");
    expect(lastUserText(harness.fake.requests[1]!.body)).toBe(
      "[system note, not written by the user] background job finished",
    );
  });

  it("answers /help and /start itself, and /new starts a fresh session keeping the old one as an archive", async () => {
    harness = await startHarness();
    const help = await harness.ask("/help");
    const start = await harness.ask("/start@skein_bot");
    expect(help.reply).toMatch(/^Hi! I'm skein/);
    expect(help.reply).toContain("/new");
    expect(start.reply).toBe(help.reply);
    await harness.ask("remember me");
    const fresh = await harness.ask("/new");
    expect(fresh).toMatchObject({
      status: "command",
      reply: "Started a fresh conversation. The previous one is archived.",
    });
    await harness.ask("who am I?");
    expect(harness.fake.requests).toHaveLength(2);
    const afterNew = harness.fake.requests[1]!.body.messages.map((message) => message.role);
    expect(afterNew).toEqual(["system", "user"]);
    expect(await harness.sessions.load("test:chat-1")).toHaveLength(2);
  });

  it("remembers the conversation across turns and stores each turn in the session file", async () => {
    harness = await startHarness();
    await harness.ask("one");
    await harness.ask("two");
    expect(harness.fake.requests[1]!.body.messages.slice(1)).toEqual([
      { role: "user", content: expect.stringMatching(/^\[\w{3} [\d-]+ [\d:]+ UTC\] one$/) },
      { role: "assistant", content: "echo: one" },
      { role: "user", content: expect.stringMatching(/^\[\w{3} [\d-]+ [\d:]+ UTC\] two$/) },
    ]);
    await harness.sessions.flush();
    const file = await readFile(harness.sessions.pathOf("test:chat-1"), "utf8");
    const turns = file
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(turns).toEqual([
      expect.objectContaining({ turn: "test:1", replies: ["echo: one"] }),
      expect.objectContaining({ turn: "test:2", replies: ["echo: two"] }),
    ]);
    expect(turns[0].messages).toHaveLength(2);
  });

  it("puts the channel into the system prompt, and the time and sender into the user message, naming the sender in a group", async () => {
    harness = await startHarness();
    await harness.ask("hi all", { isDirect: false, chatId: "group-7", threadId: "42" });
    const [system, user] = harness.fake.requests[0]!.body.messages;
    expect(system?.content).toContain("Channel: test, a group chat (group-7), thread 42\n");
    expect(system?.content).not.toMatch(/\d{4}-\d{2}-\d{2}|user-1/);
    expect(user).toEqual({
      role: "user",
      content: expect.stringMatching(/^\[\w{3} \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC, from Ada \(id user-1\)\] hi all$/),
      name: "Ada",
    });
    expect(harness.sent[0]).toMatchObject({ chatId: "group-7", threadId: "42" });
    expect(harness.outcomes[0]?.sessionKey).toBe("test:group-7:42");
  });

  it("strips control characters from inbound text before the model sees it", async () => {
    harness = await startHarness();
    await harness.ask("he\u0000l\u0007lo\u007f\tthere\r\nfriend\u001b[31m");
    expect(lastUserText(harness.fake.requests[0]!.body)).toBe("hello\tthere\r\nfriend[31m");
  });

  it("tells the user when the model fails, without its text, and keeps serving", async () => {
    harness = await startHarness();
    harness.fake.reply({
      type: "error",
      status: 500,
      body: { error: { message: "upstream exploded", type: "server_error" } },
    });
    const failed = await harness.ask("hi");
    expect(failed.status).toBe("failed");
    expect(failed.reply).toBe(apologies.overloaded);
    expect(failed.error).toMatch(/500.*upstream exploded/);
    expect(harness.sent.at(-1)?.text).toBe(failed.reply);
    expect((await harness.ask("again")).reply).toBe("echo: again");
  });

  it("stops a turn that runs past turn_timeout and tells the user", async () => {
    // Long enough for the next turn to finish on a loaded machine.
    harness = await startHarness({ agent: { turn_timeout: 1 } });
    harness.fake.reply({ type: "hang" });
    const outcome = await harness.ask("slow");
    expect(outcome.reply).toMatch(/^Sorry — this took longer than 1 s/);
    expect((await harness.ask("next")).reply).toBe("echo: next");
  });

  it("shows the working indicator during a turn and always ends it", async () => {
    const log: string[] = [];
    harness = await startHarness({
      indicateWorking: (message) => {
        log.push(`start ${message.text}`);
        return { end: () => log.push(`end ${message.text}`) };
      },
    });
    harness.fake.reply({ content: "fine" }, { type: "error", status: 400 });
    await harness.ask("good");
    await harness.ask("bad");
    expect(log).toEqual(["start good", "end good", "start bad", "end bad"]);
  });

  it("logs a reply that cannot be delivered and notes it in the session", async () => {
    harness = await startHarness({
      send: async () => {
        throw new Error("chat not found");
      },
    });
    const outcome = await harness.ask("hi");
    expect(outcome.status).toBe("answered");
    const history = await harness.sessions.load("test:chat-1");
    expect(history.at(-1)).toEqual({
      role: "system",
      content: "Note: your previous reply could not be delivered (chat not found).",
    });
  });

  it("turns an async tool's completion into a new turn in the originating session", async () => {
    harness = await startHarness();
    let reportBack: ((result: unknown) => void) | undefined;
    harness.registry.register(
      fakeTool("spawn", async (_args, ctx) => {
        reportBack = ctx.reportBack;
        return toolResult("started in the background", { async: true });
      }),
    );
    harness.fake.reply(
      { toolCalls: [{ name: "spawn", arguments: {} }] },
      { content: "Started the build." },
      { content: "The build finished: built." },
    );
    await harness.ask("build it", { threadId: "t9" });
    // The background work ends after the turn that started it has answered.
    expect(reportBack).toBeTypeOf("function");
    reportBack!(toolResult({ exit_code: 0, stdout: "built" }));
    await harness.fake.waitForRequests(3);
    await harness.agent.idle();
    const followUp = harness.outcomes.at(-1)!;
    expect(followUp.message).toMatchObject({ internal: true, channel: "test", chatId: "chat-1", threadId: "t9" });
    expect(lastUserText(harness.fake.requests[2]!.body)).toMatch(
      /background task .* finished[\s\S]*\{"exit_code":0,"stdout":"built"\}/,
    );
    expect(harness.sent.map((message) => message.text)).toEqual(["Started the build.", "The build finished: built."]);
  });

  it("lets a running turn finish when stopped, and leaves a message arriving meanwhile in the journal", async () => {
    harness = await startHarness();
    const held = heldReply();
    harness.fake.respondWith(() => held.reply);
    const inFlight = harness.receive("in flight");
    await harness.fake.waitForRequests(1);
    const stopping = harness.agent.stop(5_000);
    const tooLate = harness.receive("too late");
    await harness.bus.publishInbound(tooLate); // recorded by now (a duplicate of itself)
    held.release({ content: "finished anyway" });
    await stopping;
    expect((await harness.outcomeOf(inFlight.id)).reply).toBe("finished anyway");
    expect(harness.sent.map((message) => message.text)).toEqual(["finished anyway"]);
    expect(harness.fake.requests).toHaveLength(1);
    expect(harness.outcomes.find((outcome) => outcome.message.id === tooLate.id)).toBeUndefined();
  });

  it("cancels turns still running after the grace period and leaves them in the journal, unanswered", async () => {
    harness = await startHarness();
    harness.fake.reply({ type: "hang" });
    const inFlight = harness.receive("never answered");
    await harness.fake.waitForRequests(1);
    await harness.agent.stop(20);
    expect(await harness.outcomeOf(inFlight.id)).toMatchObject({ status: "deferred" });
    expect(harness.sent).toEqual([]);
    expect(await harness.sessions.load("test:chat-1")).toEqual([]);
  });

  it("does not hang at shutdown when a channel never finishes delivering", async () => {
    let handedOver!: () => void;
    const delivering = new Promise<void>((resolve) => {
      handedOver = resolve;
    });
    harness = await startHarness({
      send: () => {
        handedOver();
        return new Promise(() => undefined);
      },
    });
    const stuck = harness.receive("hello");
    // Stopped once the reply is in the channel's hands, where it never finishes.
    await within(delivering, "the reply to reach the channel", () => harness.sent.map((message) => message.text));
    await harness.agent.stop(20);
    expect(harness.sent.map((message) => message.text)).toEqual(["echo: hello"]);
    expect(harness.outcomes.find((outcome) => outcome.message.id === stuck.id)).toBeUndefined();
  });
});
