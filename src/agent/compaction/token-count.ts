import type { ChatMessage } from "../../providers/provider.js";
import type { ToolSchema } from "../../tools/tool.js";
import { textOf } from "../sessions/message-text.js";
import type { HistoryView } from "../sessions/stored-history.js";

export { textOf } from "../sessions/message-text.js";

/** Tokens a chat message costs beyond its text (role and separators, as OpenAI's chat format counts them). */
const PER_MESSAGE = 4;

type Counter = (text: string) => number;

let counter: Promise<Counter> | undefined;

/**
 * The tokenizer, imported on first use only: `o200k_base` (GPT-4o and later), through
 * gpt-tokenizer. Other models' tokenizers differ by some percent; the threshold leaves room.
 */
function tokenizer(): Promise<Counter> {
  counter ??= import("gpt-tokenizer/encoding/o200k_base").then((module) => module.countTokens as Counter);
  return counter;
}

/** Longest piece of text given to the tokenizer at once: its merges take time quadratic in a word's length. */
const PIECE_CHARS = 1024;
/** Counting lets the event loop turn after this long at work. */
const SLICE_MS = 5;

/**
 * Counts text piece by piece, letting the event loop turn every few milliseconds: a megabyte
 * without a space (a hostile command line the model wrote) would otherwise hold it for minutes,
 * and a history of several hundred kilobytes for a second of a loaded machine's time.
 */
class PacedCounter {
  #since = performance.now();
  constructor(private readonly count: Counter) {}

  async tokens(text: string): Promise<number> {
    let tokens = 0;
    for (let start = 0; start === 0 || start < text.length; start += PIECE_CHARS) {
      tokens += this.count(text.slice(start, start + PIECE_CHARS));
      if (performance.now() - this.#since >= SLICE_MS) {
        await new Promise((resolve) => setImmediate(resolve));
        this.#since = performance.now();
      }
    }
    return tokens;
  }
}

/**
 * Counts a context's tokens the cheap way first: every token is at least one byte of UTF-8, so
 * a context whose bytes are under a limit is under it in tokens too, and nothing is tokenized.
 * Only a context that may be over it is tokenized, each message once (counts are remembered
 * per message object: a session's messages are the same objects from turn to turn).
 */
export class TokenMeter {
  readonly #bytes = new WeakMap<object, number>();
  readonly #tokens = new WeakMap<object, number>();
  readonly #strings = new Map<string, number>();
  /**
   * Per first message of a history, the bound of its first `length` messages: a session's history
   * only grows at its end, so a turn adds the bounds of its new messages to the last turn's sum.
   */
  readonly #prefixes = new WeakMap<object, { length: number; last: ChatMessage; bytes: number }>();

  /** An upper bound of the context's tokens, computed without a tokenizer. */
  bound(parts: ContextParts): number {
    return (
      this.#stringBound(parts.system) +
      this.#toolsBound(parts.tools) +
      (parts.history ? this.#storedBound(parts.history) : 0) +
      this.#historyBound(parts.messages)
    );
  }

  /** A kept history's bound without a pass over it: the sum of its texts' bytes is kept with it. */
  #storedBound(history: HistoryView): number {
    let bytes = history.storedTextBytes + PER_MESSAGE * (history.length - history.lead.length);
    for (const message of history.lead) bytes += this.#messageBound(message);
    return bytes;
  }

  /** The context's tokens as o200k_base counts them. */
  async count(parts: ContextParts): Promise<number> {
    const count = new PacedCounter(await tokenizer());
    let total = (await this.#countString(count, parts.system)) + PER_MESSAGE;
    let tools = this.#tokens.get(parts.tools);
    if (tools === undefined) {
      tools = await count.tokens(JSON.stringify(parts.tools));
      this.#tokens.set(parts.tools, tools);
    }
    total += tools;
    if (parts.history) total += await this.#countStored(count, parts.history);
    for (const message of parts.messages) total += await this.#countMessage(count, message);
    return total;
  }

  /** A kept history's tokens: each stored message counted once and the count kept with it, decoded just for that. */
  async #countStored(count: PacedCounter, history: HistoryView): Promise<number> {
    let total = 0;
    for (const message of history.lead) total += await this.#countMessage(count, message);
    const { history: stored, from, to } = history.stored;
    for (let index = from; index < to; index++) {
      let tokens = stored.tokensAt(index);
      if (tokens === 0) {
        const message = JSON.parse(stored.jsonOf(index, index + 1)) as ChatMessage;
        tokens = (await count.tokens(textOf(message))) + PER_MESSAGE;
        stored.setTokens(index, tokens);
      }
      total += tokens;
    }
    return total;
  }

  async #countMessage(count: PacedCounter, message: ChatMessage): Promise<number> {
    let tokens = this.#tokens.get(message);
    if (tokens === undefined) {
      tokens = (await count.tokens(textOf(message))) + PER_MESSAGE;
      this.#tokens.set(message, tokens);
    }
    return tokens;
  }

  /** The tokens of the context if under `limit` by the cheap bound; else counted. */
  async measure(parts: ContextParts, limit: number): Promise<{ tokens: number; exact: boolean }> {
    const bound = this.bound(parts);
    if (bound < limit) return { tokens: bound, exact: false };
    return { tokens: await this.count(parts), exact: true };
  }

  #historyBound(messages: readonly ChatMessage[]): number {
    const first = messages[0];
    if (!first) return 0;
    const known = this.#prefixes.get(first);
    const reused = known && known.length <= messages.length && messages[known.length - 1] === known.last;
    let bytes = reused ? known.bytes : 0;
    for (let index = reused ? known.length : 0; index < messages.length; index++)
      bytes += this.#messageBound(messages[index]!);
    this.#prefixes.set(first, { length: messages.length, last: messages.at(-1)!, bytes });
    return bytes;
  }

  #messageBound(message: ChatMessage): number {
    let bytes = this.#bytes.get(message);
    if (bytes === undefined) {
      bytes = Buffer.byteLength(textOf(message)) + PER_MESSAGE;
      this.#bytes.set(message, bytes);
    }
    return bytes;
  }

  #toolsBound(tools: readonly ToolSchema[]): number {
    let bytes = this.#bytes.get(tools);
    if (bytes === undefined) {
      bytes = Buffer.byteLength(JSON.stringify(tools));
      this.#bytes.set(tools, bytes);
    }
    return bytes;
  }

  #stringBound(text: string): number {
    return Buffer.byteLength(text) + PER_MESSAGE;
  }

  /** Counts a string, remembering the last few (the system prompt and tool schemas repeat every turn). */
  async #countString(count: PacedCounter, text: string): Promise<number> {
    const known = this.#strings.get(text);
    if (known !== undefined) return known;
    const tokens = await count.tokens(text);
    if (this.#strings.size >= 16) this.#strings.delete(this.#strings.keys().next().value!);
    this.#strings.set(text, tokens);
    return tokens;
  }
}

/** What a request is made of, for counting: the system prompt, the tools, the kept history, then other messages. */
export interface ContextParts {
  system: string;
  tools: readonly ToolSchema[];
  history?: HistoryView;
  messages: readonly ChatMessage[];
}
