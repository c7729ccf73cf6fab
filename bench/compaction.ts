import { spawn } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { contentText, FakeOpenAI, type FakeReply, type FakeRequest } from "../test/fakes/fake-openai.js";
import { target } from "./targets.js";

const cli = fileURLToPath(new URL("../dist/cli.js", import.meta.url));
const TURNS = 300;
/** The bench model's context window with compaction on: it compacts about every 30 turns. */
const WINDOW = 32_000;

type Kind = "chat" | "summary" | "flush";

function kindOf(request: FakeRequest): Kind {
  if (contentText(request.body.messages[0]?.content).startsWith("You write the summary")) return "summary";
  if (contentText(request.body.messages.at(-1)?.content).includes("about to be replaced by a summary")) return "flush";
  return "chat";
}

/** The turn number a chat request answers: from its last user message, `turn N: ...`. */
function turnOf(request: FakeRequest): number {
  const lastUser = request.body.messages.findLast((message) => message.role === "user");
  return Number(/turn (\d+):/.exec(contentText(lastUser?.content))?.[1] ?? Number.NaN);
}

const VOCABULARY = (
  "the a plan budget team release review database migration customer invoice report deadline meeting server " +
  "deploy config backup latency error test branch merge schedule contract price quote draft summary option " +
  "decide agree check update send write read move keep change fix ask answer next last week today tomorrow"
).split(" ");
/** `words` words of English-like text, different for each `seed`. */
const prose = (seed: number, words: number) =>
  Array.from({ length: words }, (_, index) => VOCABULARY[(seed * 31 + index * 7) % VOCABULARY.length]).join(" ");

/**
 * A model with realistic sizes: answers of ~130 tokens, every fifth turn first a `read_file` of a
 * 3 KB file, summaries of ~300 tokens, and nothing to store in a memory flush.
 */
function benchModel(request: FakeRequest): FakeReply {
  const kind = kindOf(request);
  if (kind === "summary") return { content: `## Facts and numbers\n${prose(request.body.messages.length, 300)}` };
  if (kind === "flush") return { content: "NOTHING_TO_REPORT" };
  const turn = turnOf(request);
  if (request.body.messages.at(-1)?.role === "user" && turn % 5 === 0)
    return { toolCalls: [{ name: "read_file", arguments: { path: "notes.md" } }] };
  return { content: `Answer to turn ${turn}: ${prose(turn, 120)}` };
}

const tokenCache = new Map<string, number>();
function tokensOfMessage(message: FakeRequest["body"]["messages"][number]): number {
  const key = JSON.stringify(message);
  let tokens = tokenCache.get(key);
  if (tokens === undefined) {
    const calls = JSON.stringify(message.tool_calls ?? "");
    tokens = countTokens(contentText(message.content)) + (message.tool_calls ? countTokens(calls) : 0) + 4;
    tokenCache.set(key, tokens);
  }
  return tokens;
}

/** The request's input tokens as o200k_base counts them: tool schemas, then each message (4 per message). */
function tokensOf(request: FakeRequest): number {
  const tools = request.body.tools
    ? tokensOfMessage({ role: "tools", content: JSON.stringify(request.body.tools) })
    : 0;
  return request.body.messages.reduce((sum, message) => sum + tokensOfMessage(message), tools);
}

/** How many leading characters two strings share. */
function commonPrefix(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  let index = 0;
  while (index < length && a.charCodeAt(index) === b.charCodeAt(index)) index++;
  return index;
}

/**
 * What `usage.prompt_tokens_details.cached_tokens` would report for `current` after `previous`:
 * the tokens of the tool schemas and the leading messages identical to the previous request's,
 * counted as OpenAI caches them (nothing under 1,024 tokens, then in steps of 128).
 */
function cachedTokens(previous: FakeRequest, current: FakeRequest): number {
  if (JSON.stringify(previous.body.tools) !== JSON.stringify(current.body.tools)) return 0;
  let tokens = current.body.tools ? tokensOfMessage({ role: "tools", content: JSON.stringify(current.body.tools) }) : 0;
  const [before, after] = [previous.body.messages, current.body.messages];
  for (let index = 0; index < Math.min(before.length, after.length); index++) {
    if (JSON.stringify(before[index]) !== JSON.stringify(after[index])) break;
    tokens += tokensOfMessage(after[index]!);
  }
  return tokens < 1024 ? 0 : Math.floor(tokens / 128) * 128;
}

interface Run {
  /** Input tokens of every request of each turn (chat, memory flush and summary). */
  perTurn: number[];
  /** The same less what the prompt cache would serve. */
  uncachedPerTurn: number[];
  /** Between compactions: the share of each chat request that repeats the previous one, byte prefix. */
  byteShares: number[];
  /** Between compactions: cached_tokens / prompt tokens of each chat request. */
  tokenShares: number[];
  /** Between compactions: the share of the previous request that the next one repeats, byte prefix. */
  repeated: number[];
  compactions: number;
  /** The tool schemas the first request carried. */
  tools: number;
}

/** `skein chat` (the real daemon: its system prompt, its tools, its sessions) over 300 piped turns. */
async function conversation(home: string, contextWindow: number): Promise<Run> {
  const workspace = join(home, "workspace");
  await mkdir(workspace, { recursive: true });
  await writeFile(join(workspace, "notes.md"), `# Notes\n\n${prose(1, 500)}\n`);
  const config = {
    agents: { defaults: { model: "bench-model" } },
    providers: { openai: { context_windows: { "bench-model": contextWindow } } },
  };
  await writeFile(join(home, "config.json"), JSON.stringify(config));
  const fake = await FakeOpenAI.start();
  fake.respondWith(benchModel);
  try {
    const child = spawn(process.execPath, [cli, "chat"], {
      env: { PATH: process.env.PATH, HOME: home, SKEIN_HOME: home, OPENAI_BASE_URL: fake.baseUrl },
      stdio: ["pipe", "ignore", "inherit"],
    });
    const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
    const lines = Array.from({ length: TURNS }, (_, index) => `turn ${index + 1}: ${prose(index + 1000, 40)}\n`);
    child.stdin.end(lines.join(""));
    const code = await exited;
    if (code !== 0) throw new Error(`skein chat exited with ${code}`);
  } finally {
    await fake.close();
  }
  return measured(fake.requests);
}

function measured(requests: readonly FakeRequest[]): Run {
  const run: Run = {
    perTurn: [],
    uncachedPerTurn: [],
    byteShares: [],
    tokenShares: [],
    repeated: [],
    compactions: 0,
    tools: requests[0]?.body.tools?.length ?? 0,
  };
  let previous: FakeRequest | undefined;
  let previousText = "";
  let pending = 0;
  let compacted = false;
  for (const request of requests) {
    const kind = kindOf(request);
    if (kind !== "chat") {
      pending += tokensOf(request);
      if (kind === "summary") compacted = true;
      continue;
    }
    const turn = turnOf(request) - 1;
    const tokens = tokensOf(request);
    const cached = previous ? cachedTokens(previous, request) : 0;
    run.perTurn[turn] = (run.perTurn[turn] ?? 0) + tokens + pending;
    run.uncachedPerTurn[turn] = (run.uncachedPerTurn[turn] ?? 0) + tokens - cached + pending;
    pending = 0;
    const text = JSON.stringify([request.body.tools, request.body.messages]);
    if (compacted) run.compactions++;
    else if (previous) {
      const prefix = commonPrefix(previousText, text);
      run.byteShares.push(prefix / text.length);
      // Both end in `]]`, where the newer one goes on with `,{`.
      run.repeated.push(Math.min(1, prefix / (previousText.length - 2)));
      run.tokenShares.push(cached / tokens);
    }
    compacted = false;
    previous = request;
    previousText = text;
  }
  return run;
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}
const count = (value: number) => Math.round(value).toLocaleString("en-US");
const percent = (value: number) => `${(100 * value).toFixed(1)}%`;

function report(label: string, run: Run): void {
  const pad = " ".repeat(4);
  const over = run.perTurn.findIndex((tokens) => tokens > 128_000);
  const overflow = over < 0 ? "" : `; passes 128,000 tokens at turn ${over + 1}`;
  console.log(`${label}: ${run.compactions} compactions, ${run.tools} tool schemas${overflow}`);
  console.log(
    `${pad}prompt tokens per turn: min ${count(Math.min(...run.perTurn))}, median ${count(median(run.perTurn))}, ` +
      `max ${count(Math.max(...run.perTurn))}, turn ${TURNS} ${count(run.perTurn.at(-1)!)}; ` +
      `all ${TURNS} turns ${count(sum(run.perTurn))}, of which ${count(sum(run.uncachedPerTurn))} not served by the cache`,
  );
  console.log(
    `${pad}between compactions, each request repeats the previous one byte for byte: ` +
      `min ${percent(Math.min(...run.repeated))} of it (n=${run.repeated.length})   ` +
      target(`${label}: each request repeats the previous one`, 100 * Math.min(...run.repeated), ">=", 95, "%", "min"),
  );
  console.log(
    `${pad}share of a request that is that cacheable prefix: bytes median ${percent(median(run.byteShares))}, ` +
      `min ${percent(Math.min(...run.byteShares))}; cached_tokens median ${percent(median(run.tokenShares))}, ` +
      `min ${percent(Math.min(...run.tokenShares))}`,
  );
}

/** Input cost in tokens at full price, cached tokens costing `cachedPrice` of it. */
const inputCost = (run: Run, cachedPrice: number) =>
  sum(run.uncachedPerTurn) + cachedPrice * (sum(run.perTurn) - sum(run.uncachedPerTurn));

/**
 * `npm run bench -- --compaction`: a 300-turn conversation through `skein chat` and the fake model,
 * with compaction (a 32,000-token window, so it compacts every few dozen turns) and without (a
 * window it never reaches). Per turn: the input tokens of every request (o200k_base), and of
 * each chat request the share that repeats the previous request: its byte prefix (tool
 * schemas and messages as sent) and the `cached_tokens` OpenAI would report for it.
 */
export async function compactionBench(home: string): Promise<void> {
  const withCompaction = await conversation(join(home, "compaction"), WINDOW);
  const without = await conversation(join(home, "no-compaction"), 10_000_000);
  report(`with compaction (${count(WINDOW)}-token window, threshold 0.6)`, withCompaction);
  report("without compaction (the whole history every turn)", without);
  const ratio = (cachedPrice: number) =>
    percent(inputCost(withCompaction, cachedPrice) / inputCost(without, cachedPrice));
  console.log(
    `input cost with against without compaction: ${ratio(1)} with no prompt cache, ${ratio(0.5)} with cached input at ` +
      `half price, ${ratio(0.1)} at a tenth`,
  );
}
