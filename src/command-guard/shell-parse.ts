import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import type { Worker } from "node:worker_threads";
import type { ShellNode } from "@ericcornelissen/bash-parser";

/** The parser's time budget for one command line, in CPU time: slower is refused (its time grows faster than the length). */
export const PARSE_BUDGET_MS = 100;
/** However busy the machine, a parse ends after this much wall time. */
const PARSE_WALL_LIMIT_MS = 3_000;
/** How often the parsing thread's CPU time is read. */
const POLL_MS = 20;
/** Command lines longer than this are refused before any parsing. */
export const MAX_COMMAND_CHARS = 64 * 1024;
/** Deeper nesting of `(`, `$(`, `{` and backticks is refused before any parsing. */
export const MAX_NESTING = 32;

/** What parsing one command line came to. */
export type ParseOutcome =
  | { type: "parsed"; ast: ShellNode }
  | { type: "unparseable"; reason: string }
  | { type: "too-slow" }
  | { type: "too-big"; reason: string };

/** The parser, run in a worker thread (CommonJS, so the worker needs no bundling). */
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const parse = require(workerData.parser);
parentPort.on("message", (source) => {
  try {
    parentPort.postMessage({ ast: parse(source, { mode: "bash" }) });
  } catch (error) {
    parentPort.postMessage({ error: String((error && error.message) || error) });
  }
});
// Warm up before the first budgeted parse: a cold parser is many times slower than a warm one.
for (let round = 0; round < 20; round++)
  parse('cd "$d" && git log --oneline | head -n 5 > out.txt; for f in *.md; do echo "$(wc -l < "$f")"; done', { mode: "bash" });
let stat;
try {
  stat = "/proc/" + require("node:fs").readlinkSync("/proc/thread-self") + "/stat";
} catch {}
parentPort.postMessage({ ready: true, stat });
`;

/** The length the guard holds a program run without a shell to: its words joined by spaces, as a command line. */
export function wordsLength(argv: readonly string[]): number {
  return argv.reduce((length, word) => length + word.length, Math.max(0, argv.length - 1));
}

/** Why a command is too long for the guard to check, or undefined. */
export function lengthProblem(length: number): string | undefined {
  return length > MAX_COMMAND_CHARS
    ? `it is ${length} characters long (the guard checks at most ${MAX_COMMAND_CHARS})`
    : undefined;
}

/** Why a command line is too big to parse at all, or undefined. Quotes are not told apart: this bound is coarse. */
export function sizeProblem(source: string): string | undefined {
  const tooLong = lengthProblem(source.length);
  if (tooLong) return tooLong;
  let depth = 0;
  let backticks = false;
  for (const char of source) {
    if (char === "(" || char === "{") depth++;
    else if ((char === ")" || char === "}") && depth > 0) depth--;
    else if (char === "`") {
      backticks = !backticks;
      depth += backticks ? 1 : -1;
    }
    if (depth > MAX_NESTING) return `it nests parentheses, braces or substitutions deeper than ${MAX_NESTING}`;
  }
  return undefined;
}

interface ParserWorker {
  worker: Worker;
  /** Resolves once the parser is loaded and warm: with the thread's /proc stat file (Linux), or false when it failed. */
  ready: Promise<{ stat?: string } | false>;
}

/** CPU time (user + system, ms) a thread has used, from its /proc stat file; undefined where unreadable. */
async function threadCpuMs(stat: string | undefined): Promise<number | undefined> {
  if (!stat) return undefined;
  const text = await readFile(stat, "utf8").catch(() => undefined);
  if (!text) return undefined;
  // After "pid (comm) ": state is field 3, utime field 14 and stime field 15, in clock ticks of 10 ms.
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  const ticks = Number(fields[11]) + Number(fields[12]);
  return Number.isFinite(ticks) ? ticks * 10 : undefined;
}

let current: ParserWorker | undefined;
let queue: Promise<unknown> = Promise.resolve();

async function startWorker(): Promise<ParserWorker> {
  const { Worker } = await import("node:worker_threads");
  const parser = createRequire(import.meta.url).resolve("@ericcornelissen/bash-parser");
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { parser } });
  worker.unref();
  const ready = new Promise<{ stat?: string } | false>((resolve) => {
    worker.once("message", (message: { stat?: string }) => resolve(message));
    worker.once("error", () => resolve(false));
    worker.once("exit", () => resolve(false));
  });
  return { worker, ready };
}

async function parseNow(source: string, budgetMs: number): Promise<ParseOutcome> {
  current ??= await startWorker();
  const parser = current;
  // Loading the parser is not part of the budget: only parsing is.
  const ready = await parser.ready;
  if (!ready) {
    current = undefined;
    return { type: "unparseable", reason: "the parser could not start" };
  }
  const { worker } = parser;
  let timer: NodeJS.Timeout | undefined;
  const stopped = (): void => {
    if (current === parser) current = undefined;
  };
  const cpuBefore = await threadCpuMs(ready.stat);
  const started = performance.now();
  try {
    return await new Promise<ParseOutcome>((resolve) => {
      let settled = false;
      const finish = (outcome: ParseOutcome): void => {
        settled = true;
        resolve(outcome);
      };
      // CPU time where the thread's can be read (a busy machine must not refuse ordinary commands), else wall time.
      const overBudget = async (): Promise<boolean> => {
        const wall = performance.now() - started;
        if (wall >= PARSE_WALL_LIMIT_MS) return true;
        const cpu = await threadCpuMs(ready.stat);
        return cpu === undefined || cpuBefore === undefined ? wall >= budgetMs : cpu - cpuBefore >= budgetMs;
      };
      timer = setInterval(() => {
        void overBudget().then((over) => {
          if (!over || settled) return;
          stopped();
          void worker.terminate();
          finish({ type: "too-slow" });
        });
      }, POLL_MS);
      timer.unref();
      worker.once("message", (answer: { ast?: ShellNode; error?: string }) =>
        finish(answer.ast ? { type: "parsed", ast: answer.ast } : { type: "unparseable", reason: answer.error ?? "?" }),
      );
      worker.once("exit", () => {
        stopped();
        finish({ type: "unparseable", reason: "the parser stopped" });
      });
      worker.postMessage(source);
    });
  } finally {
    clearInterval(timer);
    worker.removeAllListeners("message");
    worker.removeAllListeners("exit");
  }
}

/**
 * Parses a command line as bash would, off the main thread and within a time budget,
 * one at a time: a hostile command line (100,000 pipes, an unterminated quote before
 * thousands of backslashes) costs the event loop nothing, and the guard refuses what
 * could not be parsed in time. Too long or too deeply nested lines are refused unparsed.
 */
export function parseShell(source: string, budgetMs: number = PARSE_BUDGET_MS): Promise<ParseOutcome> {
  const problem = sizeProblem(source);
  if (problem) return Promise.resolve({ type: "too-big", reason: problem });
  const run = queue.then(() => parseNow(source, budgetMs));
  queue = run.catch(() => undefined);
  return run;
}
