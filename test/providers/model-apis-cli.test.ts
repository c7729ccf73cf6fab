import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AnthropicBody, anthropicText, FakeAnthropic } from "../fakes/fake-anthropic.js";
import { FakeOllama } from "../fakes/fake-ollama.js";
import { FakeOpenAI } from "../fakes/fake-openai.js";
import { FakeResponses, responsesText } from "../fakes/fake-responses.js";
import { type FakeChat, FakeTelegram, type FakeUser } from "../fakes/fake-telegram.js";
import { cliPath } from "../support/cli-path.js";
import { type SkeinProcess, spawnSkein } from "../support/skein-process.js";

const run = promisify(execFile);

/**
 * One daemon of the built CLI serving Telegram, with four providers, one per API: `anthropic`
 * (Messages, its key and address from ANTHROPIC_API_KEY and ANTHROPIC_BASE_URL), `reasoner`
 * (OpenAI Responses), `ollama` (native /api/chat) and `openai` (Chat Completions, the fallback).
 * Telegram streams its replies, so these calls stream; `skein chat -m` calls them unstreamed.
 */
describe("the model APIs through the built CLI: Anthropic Messages, OpenAI Responses, Ollama", () => {
  const anthropicKey = "sk-ant-api03-SECRET-anthropic-key";
  let telegram: FakeTelegram;
  let anthropic: FakeAnthropic;
  let responses: FakeResponses;
  let ollama: FakeOllama;
  let openai: FakeOpenAI;
  let home: string;
  let daemon: SkeinProcess;
  let config: Record<string, unknown>;
  let env: NodeJS.ProcessEnv;
  let nextUser = 300;

  /** A private chat of its own for each test. */
  function newChat(): { chat: FakeChat; user: FakeUser } {
    const id = nextUser++;
    return { chat: { id, type: "private" }, user: { id, first_name: `User${id}`, username: `user${id}` } };
  }

  /** Sends `text` and resolves with what the chat finally shows that contains `expected`. */
  async function say(who: ReturnType<typeof newChat>, text: string, expected: string, extras = {}): Promise<string> {
    const after = telegram.calls.length;
    telegram.userMessage(who.chat, who.user, text, extras);
    const matches = (call: { payload: Record<string, unknown> }) =>
      String(call.payload.chat_id) === String(who.chat.id) && String(call.payload.text ?? "").includes(expected);
    const call = await Promise.race([
      telegram.waitForCall("sendMessage", matches, after),
      telegram.waitForCall("editMessageText", matches, after),
    ]);
    return String(call.payload.text);
  }

  const allowed = Array.from({ length: 20 }, (_, index) => String(300 + index)).join(",");

  beforeAll(async () => {
    [telegram, anthropic, responses, ollama, openai] = await Promise.all([
      FakeTelegram.start(),
      FakeAnthropic.start(),
      FakeResponses.start(),
      FakeOllama.start(),
      FakeOpenAI.start(),
    ]);
    home = await mkdtemp(join(tmpdir(), "skein-model-apis-"));
    config = {
      providers: {
        // ANTHROPIC_BASE_URL wins over this address, where nothing listens.
        anthropic: {
          base_url: "http://127.0.0.1:9",
          cooldown: 0,
          prices: { "claude-test": { input: 3, output: 15, cached_input: 0.3 } },
        },
        reasoner: { api: "responses", base_url: responses.baseUrl, api_key: "sk-reasoner", cooldown: 0 },
        ollama: { base_url: ollama.baseUrl, cooldown: 0 },
        openai: { base_url: openai.baseUrl, api_key: "sk-openai" },
      },
      agents: {
        defaults: {
          model: "anthropic/claude-test",
          fallbacks: ["openai/gpt-test"],
          models: ["anthropic/claude-test", "reasoner/o-test", "ollama/llama-test", "openai/gpt-test"],
          thinking: "low",
        },
      },
    };
    await writeFile(join(home, "config.json"), JSON.stringify(config));
    env = {
      PATH: process.env.PATH,
      HOME: home,
      SKEIN_HOME: home,
      ANTHROPIC_API_KEY: anthropicKey,
      ANTHROPIC_BASE_URL: anthropic.baseUrl,
      TELEGRAM_BOT_TOKEN: telegram.token,
      TELEGRAM_API_ROOT: telegram.apiRoot,
      TELEGRAM_ALLOW_FROM: allowed,
    };
    daemon = spawnSkein(["start"], { env, cwd: home });
    await telegram.waitForCall("getUpdates");
  });
  afterAll(async () => {
    await daemon?.stop();
    await Promise.all([telegram, anthropic, responses, ollama, openai].map((fake) => fake?.close()));
    await rm(home, { recursive: true, force: true });
  });

  it("runs an Anthropic tool loop of two calls in one answer, its thinking blocks sent back signed and never shown", async () => {
    const who = newChat();
    const before = anthropic.requests.length;
    anthropic.reply(
      {
        thinking: "SECRET-THOUGHT: the user wants the files",
        content: "Let me look.",
        toolCalls: [
          { name: "list_directory", arguments: { path: "." } },
          { name: "list_directory", arguments: { path: "." } },
        ],
      },
      { thinking: "SECRET-THOUGHT: now answer", content: "All done: two listings." },
    );
    await say(who, "what files are there?", "All done: two listings.");
    const [first, second] = anthropic.requests.slice(before).map((request) => request.body);
    expect(first!.thinking).toEqual({ type: "enabled", budget_tokens: 1024 });
    expect(first!.max_tokens).toBeGreaterThan(1024);
    expect(first!.stream).toBe(true);
    const [assistant, results] = second!.messages.slice(-2) as Array<{
      role: string;
      content: Array<Record<string, unknown>>;
    }>;
    expect(assistant!.content.map((block) => block.type)).toEqual(["thinking", "text", "tool_use", "tool_use"]);
    expect(Object.keys(assistant!.content[0]!).sort()).toEqual(["signature", "thinking", "type"]);
    expect(results!.content.map((block) => block.type)).toEqual(["tool_result", "tool_result"]);
    expect(anthropic.violations).toEqual([]);
    expect(JSON.stringify(telegram.calls)).not.toContain("SECRET-THOUGHT");
  });

  it("keeps system, tools and history byte-stable over six turns, so Anthropic reads the history from its cache", async () => {
    const who = newChat();
    const before = anthropic.requests.length;
    for (let turn = 1; turn <= 6; turn++) await say(who, `turn number ${turn}`, `echo: turn number ${turn}`);
    const bodies = anthropic.requests.slice(before).map((request) => request.body);
    const usages = anthropic.usages.slice(before);
    expect(bodies).toHaveLength(6);
    const unmarked = (body: AnthropicBody) =>
      JSON.stringify(body.messages, (key, value) => (key === "cache_control" ? undefined : value));
    for (let turn = 1; turn < 6; turn++) {
      const [previous, current] = [bodies[turn - 1]!, bodies[turn]!];
      expect(JSON.stringify(current.system)).toBe(JSON.stringify(previous.system));
      expect(JSON.stringify(current.tools)).toBe(JSON.stringify(previous.tools));
      expect(unmarked(current).startsWith(unmarked(previous).slice(0, -1))).toBe(true);
      expect(usages[turn]!.cache_read_input_tokens).toBeGreaterThan(usages[turn - 1]!.cache_read_input_tokens);
      expect(usages[turn]!.cache_creation_input_tokens).toBeGreaterThan(0);
    }
    const marks = (body: AnthropicBody) => (JSON.stringify(body).match(/"cache_control"/g) ?? []).length;
    expect(bodies.map(marks)).toEqual([3, 3, 3, 3, 3, 3]);
    expect((bodies[5]!.tools ?? []).at(-1)).toHaveProperty("cache_control");
    expect(Array.isArray(bodies[5]!.system) && bodies[5]!.system.at(-1)).toHaveProperty("cache_control");
    expect(anthropicText(bodies[5]!.messages.at(-1)!.content)).toBe("turn number 6");
  });

  it("reports cache reads and writes in skein usage --json, writes priced at 1.25 x input", async () => {
    const { stdout } = await run(process.execPath, [cliPath, "usage", "--json"], { env, cwd: home });
    type Row = {
      key: string;
      promptTokens: number;
      completionTokens: number;
      cachedTokens: number;
      cacheWriteTokens: number;
      cost: number;
    };
    const anthropicRow = (JSON.parse(stdout) as { groups: Row[] }).groups.find(
      (group) => group.key === "anthropic/claude-test",
    )!;
    expect(anthropicRow.cachedTokens).toBeGreaterThan(0);
    expect(anthropicRow.cacheWriteTokens).toBeGreaterThan(0);
    const uncached = anthropicRow.promptTokens - anthropicRow.cachedTokens - anthropicRow.cacheWriteTokens;
    const expected =
      (uncached * 3 +
        anthropicRow.cachedTokens * 0.3 +
        anthropicRow.cacheWriteTokens * 3.75 +
        anthropicRow.completionTokens * 15) /
      1_000_000;
    expect(anthropicRow.cost).toBeCloseTo(expected, 8);
  });

  it("carries a Responses reasoning item with its function calls, then moves the chat across the three APIs with /model, history and tool rounds included", async () => {
    const who = newChat();
    await say(who, "/model reasoner/o-test", "now uses reasoner/o-test");
    const before = responses.requests.length;
    responses.reply(
      {
        thinking: "REASONING-TEXT",
        toolCalls: [
          { name: "list_directory", arguments: { path: "." } },
          { name: "list_directory", arguments: { path: "." } },
        ],
      },
      { content: "Reasoned: two listings." },
    );
    await say(who, "list twice please", "Reasoned: two listings.");
    const [first, second] = responses.requests.slice(before).map((request) => request.body);
    expect(first).toMatchObject({
      store: false,
      include: ["reasoning.encrypted_content"],
      reasoning: { effort: "low" },
    });
    const input = second!.input as Array<Record<string, unknown>>;
    const kinds = input.slice(-5).map((item) => item.type);
    expect(kinds).toEqual([
      "reasoning",
      "function_call",
      "function_call",
      "function_call_output",
      "function_call_output",
    ]);
    expect(typeof input.at(-4)!.arguments).toBe("string");
    expect(responses.violations).toEqual([]);

    // To Ollama: the Responses turn's tool round, with object arguments and named tool results.
    await say(who, "/model ollama/llama-test", "now uses ollama/llama-test");
    ollama.reply({ content: "Ollama sees it all." });
    await say(who, "and now?", "Ollama sees it all.");
    const ollamaMessages = ollama.requests.at(-1)!.body.messages;
    expect(ollamaMessages.filter((message) => message.role === "tool").map((message) => message.tool_name)).toEqual([
      "list_directory",
      "list_directory",
    ]);
    expect(ollamaMessages.some((message) => message.content.includes("list twice please"))).toBe(true);
    expect(ollama.violations).toEqual([]);

    // To Anthropic: every earlier round, as tool_use / tool_result pairs, the reasoning left out.
    await say(who, "/model anthropic/claude-test", "now uses anthropic/claude-test");
    anthropic.reply({ content: "Claude sees it all." });
    await say(who, "and Claude?", "Claude sees it all.");
    const claude = anthropic.requests.at(-1)!;
    expect(claude.text).toContain("list twice please");
    expect(claude.text).toContain("Ollama sees it all.");
    expect((claude.text.match(/"tool_use"/g) ?? []).length).toBe(2);
    expect(claude.text).not.toContain("REASONING-TEXT");
    expect(anthropic.violations).toEqual([]);
  });

  it("gives an Ollama tool loop its own call ids and sends object arguments back as objects", async () => {
    const who = newChat();
    await say(who, "/model ollama/llama-test", "now uses ollama/llama-test");
    const before = ollama.requests.length;
    ollama.reply(
      {
        thinking: "OLLAMA-THINKING",
        toolCalls: [
          { name: "list_directory", arguments: { path: "." } },
          { name: "read_file", arguments: { path: "nothing.txt" } },
        ],
      },
      { content: "Ollama looked twice." },
    );
    await say(who, "look around", "Ollama looked twice.");
    const [first, second] = ollama.requests.slice(before).map((request) => request.body);
    expect(first!.think).toBe(true);
    const assistant = second!.messages.find((message) => message.tool_calls)!;
    expect(assistant.tool_calls).toEqual([
      { function: { name: "list_directory", arguments: { path: "." } } },
      { function: { name: "read_file", arguments: { path: "nothing.txt" } } },
    ]);
    expect(second!.messages.slice(-2).map((message) => [message.role, message.tool_name])).toEqual([
      ["tool", "list_directory"],
      ["tool", "read_file"],
    ]);
    expect(JSON.stringify(telegram.calls)).not.toContain("OLLAMA-THINKING");
  });

  it("maps a Chat Completions tool call id Anthropic's pattern refuses, the same for the call and its result", async () => {
    const who = newChat();
    await say(who, "/model openai/gpt-test", "now uses openai/gpt-test");
    openai.reply(
      { content: null, toolCalls: [{ id: "call:1/odd.id", name: "list_directory", arguments: { path: "." } }] },
      { content: "Listed by GPT." },
    );
    await say(who, "list it", "Listed by GPT.");
    await say(who, "/model anthropic/claude-test", "now uses anthropic/claude-test");
    anthropic.reply({ content: "Claude read GPT's round." });
    await say(who, "what did GPT do?", "Claude read GPT's round.");
    const sent = anthropic.requests.at(-1)!.text;
    expect(sent).not.toContain("call:1/odd.id");
    expect(sent).toMatch(/"tool_use","id":"call1oddid_[0-9a-f]{8}"/);
    expect(anthropic.violations).toEqual([]);
  });

  it("sends a photo to Anthropic as a base64 image block of its true media type", async () => {
    const who = newChat();
    const png = Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
      "base64",
    );
    const file = telegram.addFile(png, { path: "photos/file_9.jpg" });
    anthropic.reply({ content: "A tiny image." });
    await say(who, undefined as unknown as string, "A tiny image.", {
      caption: "what is this?",
      photo: [{ ...file, width: 1, height: 1 }],
    });
    const blocks = anthropic.requests.at(-1)!.body.messages.at(-1)!.content as Array<Record<string, unknown>>;
    expect(blocks.find((block) => block.type === "image")).toMatchObject({
      source: { type: "base64", media_type: "image/png", data: png.toString("base64") },
    });
  });

  it("retries Anthropic's 529 and an overloaded_error inside a stream, then fails over to the Chat Completions fallback; cooldown 0 tries Anthropic again next time", async () => {
    const who = newChat();
    const before = anthropic.requests.length;
    anthropic.reply({ type: "error", status: 529 }, { type: "error", status: 529 }, { type: "error", status: 529 });
    openai.reply({ content: "The fallback answers." });
    await say(who, "are you there?", "The fallback answers.");
    expect(anthropic.requests.length - before).toBe(3);
    anthropic.reply({ type: "stream-error" }, { type: "stream-error" }, { type: "stream-error" });
    openai.reply({ content: "The fallback again." });
    await say(who, "still there?", "The fallback again.");
    expect(anthropic.requests.length - before).toBe(6);
    await daemon.waitFor("answered by a fallback model");
  });

  it("does not fail over a 401, apologises as usual, and never logs the key", async () => {
    const who = newChat();
    const openaiBefore = openai.requests.length;
    anthropic.reply({ type: "unauthorized" });
    const apology = await say(who, "hello?", "Sorry");
    expect(apology).toMatch(/set up/i);
    expect(openai.requests.length).toBe(openaiBefore);
    await daemon.waitFor("invalid x-api-key");
    expect(daemon.stderr()).not.toContain(anthropicKey);
    expect(daemon.stderr()).not.toContain("SECRET-anthropic");
  });

  it("checks each provider in skein doctor with the request its API expects", async () => {
    const checked = await run(process.execPath, [cliPath, "doctor"], { env, cwd: home }).catch(
      (error: { stdout: string }) => error,
    );
    expect(checked.stdout).toContain(
      `ok   llm anthropic ${anthropic.baseUrl} answers; model claude-test completed a test request`,
    );
    expect(checked.stdout).toMatch(new RegExp(`ok +llm reasoner +${responses.baseUrl} answers`));
    expect(checked.stdout).toMatch(new RegExp(`ok +llm ollama +${ollama.baseUrl} answers`));
    const ping = anthropic.requests.at(-1)!;
    expect(ping.headers["x-api-key"]).toBe(anthropicKey);
    expect(ping.body.max_tokens).toBe(1);
  });

  it("answers unstreamed through each API with skein chat -m", async () => {
    const chatHome = await mkdtemp(join(tmpdir(), "skein-model-apis-chat-"));
    try {
      await writeFile(join(chatHome, "config.json"), JSON.stringify(config));
      const ask = async (model: string) => {
        const { stdout } = await run(process.execPath, [cliPath, "chat", "-m", `hi ${model}`], {
          env: { ...env, HOME: chatHome, SKEIN_HOME: chatHome, SKEIN_MODEL: model },
          cwd: chatHome,
        });
        return stdout.trim();
      };
      expect(await ask("anthropic/claude-test")).toBe("echo: hi anthropic/claude-test");
      expect(anthropic.requests.at(-1)!.body.stream).toBeUndefined();
      expect(await ask("reasoner/o-test")).toBe("echo: hi reasoner/o-test");
      expect(responses.requests.at(-1)!.body.stream).toBeUndefined();
      expect(
        responsesText((responses.requests.at(-1)!.body.input as Array<{ content: unknown }>).at(-1)!.content),
      ).toBe("hi reasoner/o-test");
      expect(await ask("ollama/llama-test")).toBe("echo: hi ollama/llama-test");
      expect(ollama.requests.at(-1)!.body.stream).toBe(false);
    } finally {
      await rm(chatHome, { recursive: true, force: true });
    }
  });
});
