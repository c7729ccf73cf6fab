import { createRequire } from "node:module";
import type { Worker } from "node:worker_threads";

/** Longest piece of text given to the tokenizer at once: its merges take time quadratic in a word's length. */
export const PIECE_CHARS = 1024;

/**
 * The tokenizer's thread (CommonJS, so it needs no bundling): counts each text of a batch piece by piece with
 * gpt-tokenizer's `o200k_base` (GPT-4o and later; other models' tokenizers differ by some percent, and the
 * compaction threshold leaves room).
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const { countTokens } = require(workerData.tokenizer);
parentPort.on("message", ({ id, texts }) => {
  try {
    const counts = texts.map((text) => {
      let tokens = 0;
      for (let start = 0; start === 0 || start < text.length; start += ${PIECE_CHARS})
        tokens += countTokens(text.slice(start, start + ${PIECE_CHARS}));
      return tokens;
    });
    parentPort.postMessage({ id, counts });
  } catch (error) {
    parentPort.postMessage({ id, error: String((error && error.message) || error) });
  }
});
`;

interface Pending {
  resolve(counts: number[]): void;
  reject(error: Error): void;
}

export interface TokenizerThreadOptions {
  /** A thread unused this long is stopped, and its memory given back (default one minute). */
  idleMs?: number;
}

/**
 * Counts tokens in a thread of its own, started on the first count and stopped once unused for `idleMs`: the
 * tokenizer's tables take ~70 MB and their first load half a second, neither of which the daemon's main thread
 * should carry for a conversation that grew long once, and a text of a megabyte without a space (a hostile
 * command line the model wrote) takes its time there, not the event loop's.
 */
export class TokenizerThread {
  readonly #idleMs: number;
  #worker: Worker | undefined;
  #starting: Promise<Worker> | undefined;
  readonly #pending = new Map<number, Pending>();
  #idle: NodeJS.Timeout | undefined;
  #nextId = 0;

  constructor(options: TokenizerThreadOptions = {}) {
    this.#idleMs = options.idleMs ?? 60_000;
  }

  /** Whether the thread is running now. */
  get running(): boolean {
    return this.#worker !== undefined;
  }

  /** The tokens of each text (o200k_base, counted 1,024 characters at a time). */
  async count(texts: readonly string[]): Promise<number[]> {
    if (texts.length === 0) return [];
    clearTimeout(this.#idle);
    if (!this.#worker) this.#starting ??= this.#start();
    const worker = this.#worker ?? (await this.#starting!);
    const id = this.#nextId++;
    try {
      // Held by a count in flight (a one-shot command may have nothing else to wait for), by nothing when idle.
      worker.ref();
      return await new Promise<number[]>((resolve, reject) => {
        this.#pending.set(id, { resolve, reject });
        worker.postMessage({ id, texts });
      });
    } finally {
      if (this.#pending.size === 0 && this.#worker === worker) {
        worker.unref();
        clearTimeout(this.#idle);
        this.#idle = setTimeout(() => this.#stop(worker), this.#idleMs);
        this.#idle.unref();
      }
    }
  }

  async #start(): Promise<Worker> {
    const { Worker } = await import("node:worker_threads");
    const tokenizer = createRequire(import.meta.url).resolve("gpt-tokenizer/encoding/o200k_base");
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { tokenizer } });
    worker.on("message", (answer: { id: number; counts?: number[]; error?: string }) => {
      const waiting = this.#pending.get(answer.id);
      if (!waiting) return;
      this.#pending.delete(answer.id);
      if (answer.counts) waiting.resolve(answer.counts);
      else waiting.reject(new Error(`counting tokens failed: ${answer.error}`));
    });
    const ended = (error: Error) => {
      if (this.#worker !== worker) return;
      this.#worker = undefined;
      this.#starting = undefined;
      clearTimeout(this.#idle);
      for (const waiting of this.#pending.values()) waiting.reject(error);
      this.#pending.clear();
    };
    worker.on("error", ended);
    worker.on("exit", (code) => ended(new Error(`the tokenizer's thread ended (exit code ${code})`)));
    // Idle, it never keeps the daemon alive by itself (a stopped daemon would wait for the idle timer); after the
    // listeners, as adding a "message" listener refs a worker again.
    worker.unref();
    this.#worker = worker;
    return worker;
  }

  #stop(worker: Worker): void {
    if (this.#pending.size > 0 || this.#worker !== worker) return;
    this.#worker = undefined;
    this.#starting = undefined;
    void worker.terminate();
  }
}

/** The daemon's tokenizer thread. */
const shared = new TokenizerThread();

/** The tokens of each text, counted in the daemon's tokenizer thread (see {@link TokenizerThread}). */
export function countTokens(texts: readonly string[]): Promise<number[]> {
  return shared.count(texts);
}
