import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { afterEach, describe, expect, it } from "vitest";
import { splitIndex } from "../../src/agent/compaction/split.js";
import { SUMMARY_INSTRUCTIONS } from "../../src/agent/compaction/summary-prompt.js";
import type { ChatMessage } from "../../src/providers/provider.js";
import { memoryTools } from "../../src/tools/builtin/memory.js";
import { MemoryFile } from "../../src/tools/builtin/memory-store.js";
import { contentText, type FakeReply, type FakeRequest, spokenText } from "../fakes/fake-openai.js";
import { recordingLogger } from "../support/tool-context.js";
import { startHarness } from "./harness.js";

type Harness = Awaited<ReturnType<typeof startHarness>>;

const isSummaryRequest = (request: FakeRequest) =>
  contentText(request.body.messages[0]?.content).startsWith("You write the summary");
const isFlushRequest = (request: FakeRequest) =>
  contentText(request.body.messages.at(-1)?.content).includes("about to be replaced by a summary");
const chatRequests = (harness: Harness) =>
  harness.fake.requests.filter((request) => !isSummaryRequest(request) && !isFlushRequest(request));
const summaryRequests = (harness: Harness) => harness.fake.requests.filter(isSummaryRequest);

/**
 * A model that summarises as a careful one would: it keeps every `FACT key=value` line of the
 * transcript (the previous summary's included), the newest value of each key winning; it
 * answers chat requests with "ok" (or what `chat` says).
 */
function factKeepingModel(chat: (request: FakeRequest) => FakeReply = () => ({ content: "ok" })) {
  return (request: FakeRequest): FakeReply => {
    if (!isSummaryRequest(request)) return chat(request);
    const facts = new Map<string, string>();
    const asked = contentText(request.body.messages.at(-1)?.content);
    for (const found of asked.matchAll(/FACT (\w+)=(\S+)/g)) {
      facts.delete(found[1]!);
      facts.set(found[1]!, found[2]!);
    }
    const lines = [...facts].map(([key, value]) => `- FACT ${key}=${value}`);
    return { content: `## Facts and numbers\n${lines.join("\n") || "- none"}` };
  };
}

/** The tokens of a request as o200k_base counts them (text and tool schemas, 4 per message). */
function tokensOf(request: FakeRequest): number {
  const messages = request.body.messages.reduce(
    (sum, message) => sum + countTokens(contentText(message.content)) + 4 + countTokens(message.name ?? ""),
    0,
  );
  return messages + (request.body.tools ? countTokens(JSON.stringify(request.body.tools)) : 0);
}

const filler = (turn: number) => `turn ${turn}: ${"some chatter about the weather and lunch plans ".repeat(3)}`;

describe("compaction of long conversations", () => {
  let harness: Harness | undefined;
  afterEach(async () => {
    await harness?.close();
    harness = undefined;
  });

  it("keeps a fact from turn 1 in the request of turn 300 through the summary, a later correction winning, under the threshold throughout", async () => {
    harness = await startHarness({
      agent: { compaction: { threshold: 0.6, keep_recent: 4 } },
      loop: () => ({ contextWindow: () => 4_000 }),
    });
    harness.fake.respondWith(factKeepingModel());
    await harness.ask("FACT budget=100 and FACT owner=ada");
    for (let turn = 2; turn < 300; turn++) {
      const text = turn === 150 ? "correction: FACT budget=250" : filler(turn);
      expect((await harness.ask(text)).status).toBe("answered");
    }
    await harness.ask("what is the budget and who owns it?");
    const last = chatRequests(harness).at(-1)!;
    const sent = last.body.messages.map((message) => contentText(message.content)).join("\n");
    expect(sent).toContain("FACT budget=250");
    expect(sent).not.toContain("FACT budget=100");
    expect(sent).toContain("FACT owner=ada");
    expect(summaryRequests(harness).length).toBeGreaterThan(5);
    expect(harness.sent.filter((message) => /compact|summar/i.test(message.text))).toEqual([]);
    const sizes = chatRequests(harness).map(tokensOf);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(0.6 * 4_000);
  });

  it("makes every request between two compactions a byte-for-byte extension of the one before, system prompt and tools included", async () => {
    harness = await startHarness({ loop: () => ({ contextWindow: () => 1_000_000 }) });
    harness.registry.register({
      name: "lookup",
      description: "Looks a word up.",
      parameters: { type: "object", properties: { word: { type: "string" } }, required: ["word"] },
      safety: "read-only",
      execute: async (args: { word: string }) => ({ type: "tool-result", forLlm: `${args.word}: a word` }),
    } as never);
    let call = 0;
    harness.fake.respondWith((request) => {
      const last = request.body.messages.at(-1);
      if (last?.role === "user" && spokenText(last.content).startsWith("look up"))
        return { toolCalls: [{ id: `call_${++call}`, name: "lookup", arguments: { word: "skein" } }] };
      return { content: `answer ${request.body.messages.length}` };
    });
    for (let turn = 1; turn <= 30; turn++) await harness.ask(turn % 5 === 0 ? `look up turn ${turn}` : `turn ${turn}`);
    const requests = harness.fake.requests;
    expect(requests.length).toBeGreaterThan(30);
    for (let index = 1; index < requests.length; index++) {
      const before = JSON.stringify(requests[index - 1]!.body.messages);
      const after = JSON.stringify(requests[index]!.body.messages);
      expect(after.startsWith(before.slice(0, -1)), `request ${index} extends request ${index - 1}`).toBe(true);
      expect(JSON.stringify(requests[index]!.body.tools)).toBe(JSON.stringify(requests[0]!.body.tools));
    }
    expect(requests[0]!.body.tools).toHaveLength(1);
  });

  it("compacts on /compact with a focus, keeping the last keep_recent turns verbatim", async () => {
    harness = await startHarness({ agent: { compaction: { keep_recent: 2 } } });
    harness.fake.respondWith(factKeepingModel());
    for (let turn = 1; turn <= 6; turn++) await harness.ask(turn === 1 ? "FACT city=Lisbon" : `turn ${turn}`);
    const outcome = await harness.ask("/compact the travel plans");
    expect(outcome.status).toBe("command");
    expect(outcome.reply).toMatch(
      /^Compacted: the earlier conversation is now a summary \(focused on the travel plans\)/,
    );
    const [summary] = summaryRequests(harness);
    expect(contentText(summary!.body.messages.at(-1)?.content)).toContain("Focus the summary on: the travel plans");
    await harness.ask("where do we go?");
    const next = chatRequests(harness).at(-1)!.body.messages;
    const users = next.filter((message) => message.role === "user").map((message) => spokenText(message.content));
    expect(users[0]).toContain("FACT city=Lisbon");
    expect(users.slice(1)).toEqual(["turn 5", "turn 6", "where do we go?"]);
    const usage = await harness.ask("/usage");
    expect(usage.reply).toMatch(/last compacted \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC \(8 messages summarised\)/);
  });

  it("falls back to the recent window when the summary call fails, and tries again at the next turn", async () => {
    harness = await startHarness({
      agent: { memory_window: 4, compaction: { keep_recent: 2 } },
      loop: () => ({ contextWindow: () => 2_000 }),
    });
    let failures = 1;
    const model = factKeepingModel();
    harness.fake.respondWith((request) =>
      isSummaryRequest(request) && failures-- > 0
        ? { type: "error", status: 400, body: { error: { message: "no" } } }
        : model(request),
    );
    await harness.ask("FACT color=teal");
    let turn = 1;
    while (summaryRequests(harness).length === 0) await harness.ask(filler(++turn));
    const failedTurn = chatRequests(harness).at(-1)!.body.messages;
    expect(failedTurn.slice(1, -1)).toHaveLength(4);
    expect(harness.outcomes.at(-1)?.status).toBe("answered");
    const failedAttempts = summaryRequests(harness).length;
    await harness.ask(filler(++turn));
    expect(summaryRequests(harness).length).toBeGreaterThan(failedAttempts);
    const after = chatRequests(harness)
      .at(-1)!
      .body.messages.map((message) => contentText(message.content));
    expect(after.join("\n")).toContain("FACT color=teal");
  });

  it("lets the model store a fact with only the memory tools in a silent turn before compacting, and logs what it wrote", async () => {
    const { log, lines } = recordingLogger();
    harness = await startHarness({
      log,
      agent: { compaction: { keep_recent: 1 } },
      loop: () => ({ contextWindow: () => 1_500 }),
    });
    const workspace = join(harness.home, "workspace");
    await mkdir(workspace);
    for (const tool of memoryTools(new MemoryFile(workspace))) harness.registry.register(tool);
    harness.registry.register({
      name: "lookup",
      description: "Looks a word up.",
      parameters: { type: "object", properties: {} },
      safety: "read-only",
      execute: async () => ({ found: true }),
    } as never);
    const model = factKeepingModel();
    harness.fake.respondWith((request) => {
      if (!isFlushRequest(request)) return model(request);
      if (request.body.messages.at(-1)?.role === "user")
        return { toolCalls: [{ name: "memory_write", arguments: { content: "The user's cat is called Miso." } }] };
      return { content: "NOTHING_TO_REPORT" };
    });
    await harness.ask("my cat is called Miso");
    let turn = 1;
    while (summaryRequests(harness).length === 0) await harness.ask(filler(++turn));
    const flushes = harness.fake.requests.filter(isFlushRequest);
    expect(flushes.length).toBeGreaterThan(0);
    for (const flush of flushes)
      expect(flush.body.tools?.map((tool) => tool.function.name).sort()).toEqual(["memory_read", "memory_write"]);
    expect(await readFile(join(workspace, "memory", "MEMORY.md"), "utf8")).toContain("The user's cat is called Miso.");
    expect(harness.sent.map((message) => message.text).filter((text) => text !== "ok")).toEqual([]);
    const next = await harness.ask("and now?");
    expect(next.status).toBe("answered");
    const sentNext = JSON.stringify(chatRequests(harness).at(-1)!.body.messages);
    expect(sentNext).not.toContain("about to be replaced by a summary");
    expect(sentNext).not.toContain("NOTHING_TO_REPORT");
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 20,
        tool: "memory_write",
        arguments: expect.stringContaining("The user's cat is called Miso."),
      }),
    );
  });

  it("summarises only the newest parts of a history stored before compaction, in at most four requests", async () => {
    const home = await mkdtemp(join(tmpdir(), "skein-legacy-"));
    const old = Array.from({ length: 400 }, (_, index) => ({
      role: index % 2 ? "assistant" : "user",
      content: `legacy message ${index}: ${"words about the project ".repeat(8)}`,
    }));
    await mkdir(join(home, "sessions"));
    await writeFile(
      join(home, "sessions", "test%3Achat-1.jsonl"),
      `${old.map((message) => JSON.stringify(message)).join("\n")}\n`,
    );
    harness = await startHarness({
      home,
      agent: { compaction: { keep_recent: 2 } },
      loop: () => ({ contextWindow: () => 2_000 }),
    });
    harness.fake.respondWith(factKeepingModel());
    expect((await harness.ask("where were we?")).status).toBe("answered");
    const asked = summaryRequests(harness).map((request) => contentText(request.body.messages.at(-1)?.content));
    expect(asked).toHaveLength(4);
    expect(asked.join("\n")).toContain("legacy message 395:");
    expect(asked.join("\n")).not.toContain("legacy message 0:");
  });

  it("gives up on a summary that takes longer than compaction.timeout and answers without it", async () => {
    harness = await startHarness({
      agent: { compaction: { keep_recent: 1, timeout: 0.5 } },
      loop: () => ({ contextWindow: () => 1_000 }),
    });
    harness.fake.respondWith((request) => (isSummaryRequest(request) ? { type: "hang" } : { content: "ok" }));
    for (let turn = 1; turn <= 3; turn++) await harness.ask(filler(turn));
    const started = Date.now();
    while (summaryRequests(harness).length === 0) await harness.ask(filler(9));
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(harness.outcomes.at(-1)?.status).toBe("answered");
  });

  it("stores the summary in the session file beside every message, and continues from it after a restart", async () => {
    harness = await startHarness({ agent: { compaction: { keep_recent: 2 } } });
    harness.fake.respondWith(factKeepingModel());
    for (let turn = 1; turn <= 5; turn++) await harness.ask(turn === 1 ? "FACT pet=otter" : `turn ${turn}`);
    await harness.ask("/compact");
    const { home } = harness;
    await harness.close({ keepHome: true });
    const lines = (await readFile(`${home}/sessions/test%3Achat-1.jsonl`, "utf8")).trim().split("\n");
    const records = lines.map((line) => JSON.parse(line));
    expect(records.filter((record) => record.turn).flatMap((record) => record.messages)).toHaveLength(10);
    expect(records.at(-1)).toMatchObject({ type: "summary", kept: 4, covered: 6, reason: "command" });
    harness = await startHarness({ home });
    harness.fake.respondWith(factKeepingModel());
    await harness.ask("what pet?", { id: "test:after-restart" });
    const users = chatRequests(harness)[0]!.body.messages.filter((message) => message.role === "user");
    expect(users.map((message) => spokenText(message.content))).toEqual([
      expect.stringContaining("FACT pet=otter"),
      "turn 4",
      "turn 5",
      "what pet?",
    ]);
  });

  it("keeps all 20 facts planted over 200 turns of filler on their way into the summaries", async () => {
    harness = await startHarness({
      agent: { compaction: { keep_recent: 4 } },
      loop: () => ({ contextWindow: () => 3_000 }),
    });
    harness.fake.respondWith(factKeepingModel());
    const planted = Array.from({ length: 20 }, (_, index) => `fact${index}=${(index + 1) * 37}`);
    for (let turn = 0; turn < 200; turn++) {
      const fact = turn % 8 === 3 ? planted[(turn - 3) / 8] : undefined;
      await harness.ask(fact ? `please remember FACT ${fact}` : filler(turn));
    }
    const reachedSummary = planted.filter((fact) =>
      summaryRequests(harness!).some((request) =>
        contentText(request.body.messages.at(-1)?.content).includes(`FACT ${fact}`),
      ),
    );
    expect(reachedSummary).toEqual(planted);
    await harness.ask("list every fact");
    const final = chatRequests(harness)
      .at(-1)!
      .body.messages.map((message) => contentText(message.content))
      .join("\n");
    expect(planted.filter((fact) => final.includes(`FACT ${fact}`))).toEqual(planted);
    for (const wanted of ["Decisions", "Facts and numbers", "names", "paths", "open tasks", "preferences", "newest"])
      expect(SUMMARY_INSTRUCTIONS).toContain(wanted);
  });
});

describe("where the history splits for a summary", () => {
  const call = (id: string): ChatMessage => ({
    role: "assistant",
    content: null,
    tool_calls: [{ id, type: "function", function: { name: "lookup", arguments: "{}" } }],
  });
  const history: ChatMessage[] = [
    { role: "user", content: "a" },
    call("1"),
    { role: "tool", tool_call_id: "1", content: "r1" },
    call("2"),
    { role: "tool", tool_call_id: "2", content: "r2" },
    { role: "assistant", content: "done a" },
    { role: "user", content: "b" },
    { role: "assistant", content: "done b" },
    { role: "user", content: "c" },
    call("3"),
    { role: "tool", tool_call_id: "3", content: "r3" },
    { role: "assistant", content: "done c" },
  ];

  it("never separates a tool call from its results, whatever the number of turns kept", () => {
    for (let keep = 0; keep <= 4; keep++) {
      const split = splitIndex(history, keep);
      const older = history.slice(0, split);
      const kept = history.slice(split);
      const callsIn = (part: ChatMessage[]) =>
        part.flatMap((message) => (message.role === "assistant" ? (message.tool_calls ?? []).map((c) => c.id) : []));
      const resultsIn = (part: ChatMessage[]) =>
        part.flatMap((message) => (message.role === "tool" ? [message.tool_call_id] : []));
      expect(resultsIn(older).sort()).toEqual(callsIn(older).sort());
      expect(resultsIn(kept).sort()).toEqual(callsIn(kept).sort());
    }
    expect(splitIndex(history, 1)).toBe(8);
    expect(splitIndex(history, 2)).toBe(6);
    expect(splitIndex(history, 3)).toBe(0);
  });
});
