import { afterEach, describe, expect, it } from "vitest";
import { LENGTH_NOTE } from "../../../src/agent/turn/tool-loop.js";
import { ToolError, toolResult } from "../../../src/tools/tool.js";
import { fakeTool, recordingLogger } from "../../support/tool-context.js";
import { within } from "../../support/within.js";
import { type Harness, startHarness } from "../harness.js";

/**
 * Resolves for everyone once `parties` callers are waiting in it at the same time; fails naming how
 * many arrived if they never are (calls run one at a time), instead of hoping a sleep overlaps them.
 */
function barrier(parties: number): () => Promise<void> {
  let arrived = 0;
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return () => {
    arrived++;
    if (arrived === parties) open();
    return within(opened, `${parties} calls running at once`, () => `${arrived} arrived`, 5_000);
  };
}

/** A macrotask: long enough for a call started alongside this one to have begun. */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe("the tool loop", () => {
  let harness: Harness;
  afterEach(() => harness?.close());

  it("runs the tools the model calls and gives it their results, tagged with the call id", async () => {
    harness = await startHarness();
    harness.registry.register(fakeTool("lookup", async (args) => ({ found: args.q })));
    harness.fake.reply(
      { toolCalls: [{ id: "call_a", name: "lookup", arguments: { q: "skein" } }] },
      { content: "It is a yarn." },
    );
    const outcome = await harness.ask("what is a skein?");
    expect(outcome).toMatchObject({ status: "answered", reply: "It is a yarn." });
    expect(harness.sent.map((message) => message.text)).toEqual(["It is a yarn."]);
    const second = harness.fake.requests[1]!.body.messages;
    expect(second.at(-2)).toMatchObject({
      role: "assistant",
      tool_calls: [{ id: "call_a", function: { name: "lookup" } }],
    });
    expect(second.at(-1)).toEqual({ role: "tool", tool_call_id: "call_a", content: '{"found":"skein"}' });
    expect(harness.fake.requests[0]!.body.tools?.map((tool) => tool.function.name)).toEqual(["lookup"]);
  });

  it("carries the images a tool returns to the model's next request as image inputs, not into the session", async () => {
    harness = await startHarness();
    const image = { mimeType: "image/png" as const, data: "iVBORw0KGgo=" };
    harness.registry.register(fakeTool("look", async () => toolResult("a picture of the page", { images: [image] })));
    harness.fake.reply({ toolCalls: [{ id: "call_a", name: "look", arguments: {} }] }, { content: "I see it." });
    expect(await harness.ask("look at it")).toMatchObject({ reply: "I see it." });
    const second = harness.fake.requests[1]!.body.messages;
    expect(second.at(-2)).toEqual({ role: "tool", tool_call_id: "call_a", content: "a picture of the page" });
    expect(second.at(-1)).toEqual({
      role: "user",
      content: [
        { type: "text", text: "The images the tool calls above returned:" },
        { type: "image_url", image_url: { url: "data:image/png;base64,iVBORw0KGgo=" } },
      ],
    });
    await harness.sessions.flush();
    const stored = await harness.sessions.load("test:chat-1");
    expect(stored.length).toBeGreaterThan(2);
    expect(JSON.stringify(stored)).not.toContain("iVBORw0KGgo=");
  });

  it("tells the model a tool's image was left out when agents.defaults.vision is off", async () => {
    harness = await startHarness({ agent: { vision: false } });
    const image = { mimeType: "image/png" as const, data: "iVBORw0KGgo=" };
    harness.registry.register(fakeTool("look", async () => toolResult("a picture", { images: [image] })));
    harness.fake.reply({ toolCalls: [{ id: "call_a", name: "look", arguments: {} }] }, { content: "Noted." });
    await harness.ask("look at it");
    const second = harness.fake.requests[1]!.body.messages;
    expect(second.at(-1)).toEqual({
      role: "tool",
      tool_call_id: "call_a",
      content: "a picture\n(The image this tool returned is not shown to you: agents.defaults.vision is off.)",
    });
  });

  it("stops at max_tool_iterations, asks once more without tools and says the limit was reached", async () => {
    harness = await startHarness({ agent: { max_tool_iterations: 2 } });
    harness.registry.register(fakeTool("again", async () => "more"));
    harness.fake.respondWith((request) =>
      request.body.tools
        ? { toolCalls: [{ name: "again", arguments: {} }] }
        : { content: "Here is what I found so far." },
    );
    const outcome = await harness.ask("loop forever");
    expect(harness.fake.requests).toHaveLength(3);
    expect(harness.fake.requests[2]!.body.tools).toBeUndefined();
    expect(outcome.reply).toMatch(/^Here is what I found so far\.\n\n\(I stopped after 2 rounds of tool calls/);
    expect(harness.sent).toHaveLength(1);
  });

  it("sends the text of an answer cut off by the model's output limit, with a note saying so", async () => {
    for (const stream of [false, true]) {
      harness = await startHarness({ stream });
      harness.fake.reply({ content: "Once upon a time there", finishReason: "length" });
      const outcome = await harness.ask("tell me a long story");
      expect(outcome.reply).toBe(`Once upon a time there\n\n${LENGTH_NOTE}`);
      expect(harness.sent.map((message) => message.text)).toEqual([outcome.reply]);
      await harness.close();
    }
  });

  it("stops after a single round when max_tool_iterations is 1 (its minimum)", async () => {
    harness = await startHarness({ agent: { max_tool_iterations: 1 } });
    harness.registry.register(fakeTool("again", async () => "more"));
    harness.fake.respondWith((request) =>
      request.body.tools ? { toolCalls: [{ name: "again", arguments: {} }] } : { content: "done" },
    );
    const outcome = await harness.ask("go");
    expect(harness.fake.requests).toHaveLength(2);
    expect(outcome.reply).toMatch(/^done\n\n\(I stopped after 1 rounds? of tool calls/);
  });

  it('feeds failures back as {"error": ...} and goes on: unknown tool, invalid JSON, schema violation, a throw', async () => {
    harness = await startHarness();
    let runs = 0;
    harness.registry.register(
      fakeTool(
        "strict",
        async () => {
          runs++;
          throw new Error("disk on fire");
        },
        { parameters: { type: "object", properties: { n: { type: "integer" } }, required: ["n"] } },
      ),
    );
    harness.fake.reply(
      {
        toolCalls: [
          { id: "c1", name: "missing_tool", arguments: {} },
          { id: "c2", name: "strict", arguments: '{"n": ' },
          { id: "c3", name: "strict", arguments: { n: "three" } },
          { id: "c4", name: "strict", arguments: { n: 3 } },
        ],
      },
      { content: "Recovered." },
    );
    const outcome = await harness.ask("try things");
    expect(outcome.reply).toBe("Recovered.");
    const toolMessages = harness.fake.requests[1]!.body.messages.filter((message) => message.role === "tool");
    expect(toolMessages.map((message) => message.tool_call_id)).toEqual(["c1", "c2", "c3", "c4"]);
    const errors = toolMessages.map((message) => JSON.parse(message.content as string).error as string);
    expect(errors[0]).toBe('not found: no tool named "missing_tool"');
    expect(errors[1]).toMatch(/^invalid arguments: arguments are not valid JSON/);
    expect(errors[2]).toBe("invalid arguments: arguments/n must be integer");
    expect(errors[3]).toBe("execution failed: disk on fire");
    expect(runs).toBe(1);
  });

  it("keeps a failed call's arguments in the history cut to 4 KB, and a call that ran in full", async () => {
    harness = await startHarness();
    harness.registry.register(fakeTool("save", async (args) => ({ saved: String(args.text).length })));
    harness.registry.register(
      fakeTool("refuse", async () => {
        throw new ToolError("PermissionDenied", "no");
      }),
    );
    const wrote = { text: "a".repeat(200_000) };
    harness.fake.reply(
      {
        toolCalls: [
          { id: "c1", name: "save", arguments: wrote },
          { id: "c2", name: "refuse", arguments: { text: "b".repeat(200_000) } },
          { id: "c3", name: "refuse", arguments: { text: "c".repeat(4_000) } },
        ],
      },
      { content: "Done." },
      { content: "Still here." },
    );
    await harness.ask("save and refuse");
    await harness.ask("next");
    // The same turn's next request, and the next turn's (from the session), carry the same calls.
    for (const request of harness.fake.requests.slice(1)) {
      const asked = request.body.messages.find((message) => message.role === "assistant" && message.tool_calls);
      const calls = asked!.tool_calls as Array<{ id: string; function: { arguments: string } }>;
      expect(calls.map((call) => call.id)).toEqual(["c1", "c2", "c3"]);
      expect(JSON.parse(calls[0]!.function.arguments)).toEqual(wrote);
      expect(calls[1]!.function.arguments.length).toBeLessThanOrEqual(4_096);
      expect(calls[1]!.function.arguments.length).toBeGreaterThan(4_000);
      expect(JSON.parse(calls[1]!.function.arguments)).toMatchObject({
        _truncated_json: expect.stringMatching(/^\{"text":"bbbb/),
        original_size: JSON.stringify({ text: "b".repeat(200_000) }).length,
      });
      expect(JSON.parse(calls[2]!.function.arguments)).toEqual({ text: "c".repeat(4_000) });
    }
  });

  it("runs the read-only calls of one response at the same time", async () => {
    harness = await startHarness();
    let running = 0;
    let mostAtOnce = 0;
    const allThree = barrier(3);
    harness.registry.register(
      fakeTool(
        "peek",
        async (args) => {
          running++;
          mostAtOnce = Math.max(mostAtOnce, running);
          await allThree();
          running--;
          return args.i;
        },
        { safety: "read-only" },
      ),
    );
    harness.fake.reply({ toolCalls: [1, 2, 3].map((i) => ({ name: "peek", arguments: { i } })) }, { content: "ok" });
    await harness.ask("peek three times");
    expect(mostAtOnce).toBe(3);
  });

  it("runs other calls one at a time in call order, and a read-only call after a write waits for it", async () => {
    harness = await startHarness();
    const events: string[] = [];
    let running = 0;
    let mostAtOnce = 0;
    const bothReads = barrier(2);
    const track = (label: string) => async () => {
      running++;
      mostAtOnce = Math.max(mostAtOnce, running);
      events.push(`start ${label}`);
      // Reads wait until both run; a write yields a macrotask, in which a write wrongly started
      // alongside it would have begun (and shown up in the order of events).
      await (label.startsWith("read") ? bothReads() : nextTurn());
      events.push(`end ${label}`);
      running--;
      return label;
    };
    harness.registry.register(fakeTool("write", async (args) => track(`write ${String(args.n)}`)(), {}));
    harness.registry.register(
      fakeTool("read", async (args) => track(`read ${String(args.n)}`)(), { safety: "read-only" }),
    );
    harness.fake.reply(
      {
        toolCalls: [
          { name: "write", arguments: { n: 1 } },
          { name: "write", arguments: { n: 2 } },
          { name: "read", arguments: { n: 3 } },
          { name: "read", arguments: { n: 4 } },
          { name: "write", arguments: { n: 5 } },
        ],
      },
      { content: "ok" },
    );
    await harness.ask("mixed");
    expect(events.slice(0, 4)).toEqual(["start write 1", "end write 1", "start write 2", "end write 2"]);
    expect(events.slice(4, 6).sort()).toEqual(["start read 3", "start read 4"]);
    expect(events.slice(-2)).toEqual(["start write 5", "end write 5"]);
    expect(mostAtOnce).toBe(2);
  });

  it("appends results in call order even when a later call finishes first", async () => {
    harness = await startHarness();
    let fastFinished!: () => void;
    const fastDone = new Promise<void>((resolve) => {
      fastFinished = resolve;
    });
    harness.registry.register(
      fakeTool(
        "wait",
        async (args) => {
          // The slow call finishes only after the fast one has.
          if (args.ms === 30) await within(fastDone, "the fast call to finish", () => "it did not", 5_000);
          else fastFinished();
          return `waited ${String(args.ms)}`;
        },
        { safety: "read-only" },
      ),
    );
    harness.fake.reply(
      {
        toolCalls: [
          { id: "slow", name: "wait", arguments: { ms: 30 } },
          { id: "fast", name: "wait", arguments: { ms: 1 } },
        ],
      },
      { content: "ok" },
    );
    await harness.ask("two waits");
    const tools = harness.fake.requests[1]!.body.messages.filter((message) => message.role === "tool");
    expect(tools).toEqual([
      { role: "tool", tool_call_id: "slow", content: "waited 30" },
      { role: "tool", tool_call_id: "fast", content: "waited 1" },
    ]);
  });

  it("does not send the final reply again to a chat the message tool already delivered to", async () => {
    harness = await startHarness();
    harness.registry.register(
      fakeTool("message", async (args, ctx) => {
        const chatId = String(args.chat_id);
        await ctx.outbound.send({ channel: "test", chatId, text: String(args.text) });
        return "sent";
      }),
    );
    harness.fake.reply(
      { toolCalls: [{ name: "message", arguments: { chat_id: "chat-1", text: "Done: build is green" } }] },
      { content: "I told you." },
    );
    const here = await harness.ask("tell me here");
    expect(here.reply).toBe("I told you.");
    expect(harness.sent.map((message) => message.text)).toEqual(["Done: build is green"]);

    harness.fake.reply(
      { toolCalls: [{ name: "message", arguments: { chat_id: "other-chat", text: "Hello other chat" } }] },
      { content: "Sent it there." },
    );
    await harness.ask("tell the other chat");
    expect(harness.sent.map((message) => `${message.chatId}: ${message.text}`)).toEqual([
      "chat-1: Done: build is green",
      "other-chat: Hello other chat",
      "chat-1: Sent it there.",
    ]);
  });

  it("shows a tool's forUser text to the user unless it is silent", async () => {
    harness = await startHarness();
    harness.registry.register(fakeTool("loud", async () => toolResult("done", { forUser: "Working on it…" })));
    harness.registry.register(fakeTool("quiet", async () => toolResult("done", { forUser: "hidden", silent: true })));
    harness.fake.reply(
      {
        toolCalls: [
          { name: "loud", arguments: {} },
          { name: "quiet", arguments: {} },
        ],
      },
      { content: "Finished." },
    );
    await harness.ask("go");
    expect(harness.sent.map((message) => message.text)).toEqual(["Working on it…", "Finished."]);
  });

  it("assembles streamed tool calls from their deltas", async () => {
    harness = await startHarness({ stream: true });
    harness.registry.register(fakeTool("lookup", async (args) => ({ found: args.q })));
    harness.fake.reply(
      {
        toolCalls: [
          { id: "s1", name: "lookup", arguments: { q: "one" } },
          { id: "s2", name: "lookup", arguments: { q: "two" } },
        ],
      },
      { content: "Streamed answer after tools." },
    );
    const outcome = await harness.ask("stream it");
    expect(harness.fake.requests[0]!.body.stream).toBe(true);
    expect(outcome.reply).toBe("Streamed answer after tools.");
    const tools = harness.fake.requests[1]!.body.messages.filter((message) => message.role === "tool");
    expect(tools).toEqual([
      { role: "tool", tool_call_id: "s1", content: '{"found":"one"}' },
      { role: "tool", tool_call_id: "s2", content: '{"found":"two"}' },
    ]);
  });

  it("logs 'executing tool calls' and 'tool loop complete, returning text response' at debug level", async () => {
    const { log, lines } = recordingLogger();
    harness = await startHarness({ log });
    harness.registry.register(fakeTool("noop", async () => "ok"));
    harness.fake.reply(
      {
        toolCalls: [
          { name: "noop", arguments: {} },
          { name: "noop", arguments: {} },
        ],
      },
      { content: "done" },
    );
    await harness.ask("go");
    expect(lines).toContainEqual(
      expect.objectContaining({ level: 20, msg: "executing tool calls", iteration: 1, count: 2 }),
    );
    expect(lines).toContainEqual(expect.objectContaining({ level: 20, msg: "executing tool", name: "noop" }));
    expect(lines).toContainEqual(
      expect.objectContaining({ level: 20, msg: "tool loop complete, returning text response", iterations: 2 }),
    );
  });
});
