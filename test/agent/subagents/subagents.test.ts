import { afterEach, describe, expect, it } from "vitest";
import { delegateTool } from "../../../src/tools/builtin/delegate.js";
import { contentText } from "../../fakes/fake-openai.js";
import { childTask, delegatingModel } from "../../support/delegating-model.js";
import { waitUntil } from "../../support/wait-until.js";
import { type HarnessOptions, startHarness } from "../harness.js";

type Harness = Awaited<ReturnType<typeof startHarness>>;

const delegate = (args: Record<string, unknown>) => `delegate ${JSON.stringify(args)}`;

describe("sub-agents in the agent loop", () => {
  let harness: Harness | undefined;
  afterEach(async () => {
    await harness?.close();
    harness = undefined;
  });

  async function start(subagents: Record<string, unknown> = {}, loop?: HarnessOptions["loop"]) {
    const model = delegatingModel();
    harness = await startHarness({ agent: { subagents }, ...(loop && { loop }) });
    harness.fake.respondWith(model.responder);
    harness.registry.register(delegateTool({ timeoutSeconds: 600 }));
    harness.registry.register({
      name: "read_note",
      description: "reads the note",
      parameters: { type: "object", properties: {} },
      safety: "read-only",
      execute: async () => ({ note: "the note says 42" }),
    });
    return { harness, model };
  }

  it("runs a background child with only the task, and its result comes back once as a parent turn", async () => {
    const { harness } = await start();
    const asked = await harness.ask(delegate({ task: "count the stars", label: "stars" }));
    expect(asked.reply).toMatch(/^Started sa-[0-9a-f]{8}\.$/);
    await waitUntil(() => harness.sent.some((sent) => sent.text.startsWith("Parent relays:")), "the result turn");
    expect(harness.sent.map((sent) => sent.text)).toEqual([
      asked.reply,
      "Parent relays: Child answer: count the stars",
    ]);
    const child = harness.fake.requests.find((request) => childTask(request) !== undefined)!;
    expect(child.body.messages.map((message) => message.role)).toEqual(["system", "user"]);
    expect(child.body.messages[1]!.content).toBe("count the stars");
    expect(child.body.tools?.map((tool) => tool.function.name)).toEqual(["read_note"]);
    const result = harness.fake.requests.at(-1)!.body.messages.at(-1)!;
    expect(contentText(result.content)).toMatch(/The sub-agent "stars" \(id sa-[0-9a-f]{8}\) finished/);
    expect(contentText(result.content)).toContain("Child answer: count the stars");
  });

  it("keeps the child's tool calls in its own session: the parent's history holds only its result", async () => {
    const { harness } = await start();
    const task = `tool ${JSON.stringify([{ name: "read_note", arguments: {} }])}`;
    await harness.ask(delegate({ task, label: "note" }));
    await waitUntil(() => harness.sent.some((sent) => sent.text.startsWith("Parent relays:")), "the result turn");
    expect(harness.sent.at(-1)!.text).toContain("the note says 42");
    const parent = (await harness.sessions.load("test:chat-1")).map((message) => ({
      role: message.role,
      text: JSON.stringify(message.content),
    }));
    expect(parent.some((message) => message.role === "tool" && message.text.includes("the note says 42"))).toBe(false);
    expect(parent.filter((message) => message.role === "user" && message.text.includes("The sub-agent"))).toHaveLength(
      1,
    );
    const next = await harness.ask("and now?");
    const request = harness.fake.requests.at(-1)!.body.messages;
    expect(next.reply).toBe("echo: and now?");
    expect(request.some((message) => message.tool_call_id === "child_0")).toBe(false);
  });

  it("answers the chat while a child works, and lists and stops it with /subagents", async () => {
    const { harness } = await start();
    const asked = await harness.ask(delegate({ task: "hold:forever watch the build", label: "build watch" }));
    const id = /sa-[0-9a-f]{8}/.exec(asked.reply!)![0];
    expect((await harness.ask("still there?")).reply).toBe("echo: still there?");
    expect(harness.agent.subagents.map((child) => child.id)).toEqual([id]);
    const listed = await harness.ask("/subagents");
    expect(listed.reply).toMatch(
      new RegExp(String.raw`^Sub-agents working for this chat \(1\):\n${id}  "build watch"  running \d+s\n`),
    );
    const stopped = await harness.ask(`/subagents stop ${id}`);
    expect(stopped.reply).toContain(`Stopped the sub-agent "build watch" (${id})`);
    expect(harness.agent.subagents).toEqual([]);
    expect((await harness.ask("/subagents")).reply).toBe("No sub-agent is working for this chat.");
    expect(harness.sent.some((sent) => sent.text.startsWith("Parent relays:"))).toBe(false);
  });

  it("refuses a delegation over a limit, naming it, and starts nothing", async () => {
    const { harness } = await start({ max_per_chat: 1, max_concurrent: 2 });
    await harness.ask(delegate({ task: "hold:limits first" }));
    const second = await harness.ask(delegate({ task: "hold:limits second" }));
    expect(second.reply).toContain("agents.defaults.subagents.max_per_chat is 1");
    await harness.ask(delegate({ task: "hold:limits third" }), { chatId: "chat-2" });
    const fourth = await harness.ask(delegate({ task: "hold:limits fourth" }), { chatId: "chat-3" });
    expect(fourth.reply).toContain("agents.defaults.subagents.max_concurrent is 2");
    expect(harness.agent.subagents.map((child) => child.label)).toEqual(["hold:limits first", "hold:limits third"]);
  });

  it("lets no two delegations prepared at the same time pass a limit together", async () => {
    // A slow settings store (a disk, Redis) keeps both delegations in preparation at once.
    const settings = {
      get: () => new Promise<Record<string, never>>((resolve) => setTimeout(() => resolve({}), 100)),
      set: async () => undefined,
    };
    const { harness } = await start({ max_concurrent: 1 }, () => ({ settings }));
    harness.fake.holdAnswers();
    const asked = [
      harness.ask(delegate({ task: "hold:race one" }), { chatId: "chat-a" }),
      harness.ask(delegate({ task: "hold:race two" }), { chatId: "chat-b" }),
    ];
    await harness.fake.waitForRequests(2);
    harness.fake.releaseAnswers();
    const replies = (await Promise.all(asked)).map((outcome) => outcome.reply).sort();
    expect(replies[0]).toContain("agents.defaults.subagents.max_concurrent is 1");
    expect(replies[1]).toMatch(/^Started sa-/);
    expect(harness.agent.subagents).toHaveLength(1);
  });

  it("gives a waited child's final answer as the tool result of the same turn", async () => {
    const { harness } = await start();
    const asked = await harness.ask(delegate({ task: "sum 2 and 2", wait: true }));
    expect(asked.reply).toBe("Waited: Child answer: sum 2 and 2");
    expect(harness.sent.map((sent) => sent.text)).toEqual([asked.reply]);
  });

  it("stops a child at its time limit and tells the parent it timed out", async () => {
    const { harness } = await start({ timeout: 0.3 });
    await harness.ask(delegate({ task: "hold:never slow work", label: "slow" }));
    await waitUntil(() => harness.sent.some((sent) => sent.text.startsWith("Parent relays:")), "the result turn");
    const note = contentText(harness.fake.requests.at(-1)!.body.messages.at(-1)!.content);
    expect(note).toMatch(/The sub-agent "slow" \(id sa-[0-9a-f]{8}\) timed out/);
    expect(harness.agent.subagents).toEqual([]);
  });

  it("offers a child delegate only above max_depth, and a child's own delegation waits for its answer", async () => {
    const { harness } = await start({ max_depth: 2 });
    const task = `tool ${JSON.stringify([{ name: "delegate", arguments: { task: "grandchild work" } }])}`;
    await harness.ask(delegate({ task, label: "chain" }));
    await waitUntil(() => harness.sent.some((sent) => sent.text.startsWith("Parent relays:")), "the result turn");
    const child = harness.fake.requests.find((request) => childTask(request) === task)!;
    const grandchild = harness.fake.requests.find((request) => childTask(request) === "grandchild work")!;
    expect(child.body.tools?.map((tool) => tool.function.name)).toContain("delegate");
    expect(grandchild.body.tools?.map((tool) => tool.function.name)).not.toContain("delegate");
    expect(harness.sent.at(-1)!.text).toContain('"status":"finished","answer":"Child answer: grandchild work"');
  });
});
