import type { ChatMessage } from "../../providers/provider.js";
import type { ToolSchema } from "../../tools/tool.js";
import { textOf } from "../sessions/message-text.js";
import type { HistoryView } from "../sessions/stored-history.js";
import { countTokens } from "./token-worker.js";

export { textOf } from "../sessions/message-text.js";

/** Tokens a chat message costs beyond its text (role and separators, as OpenAI's chat format counts them). */
const PER_MESSAGE = 4;

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

  /**
   * The context's tokens as o200k_base counts them: what was not counted before (each text once, remembered with
   * its message, its stored history, or for the system prompt and the tools), counted together in one batch.
   */
  async count(parts: ContextParts): Promise<number> {
    const batch = new CountBatch();
    let total = PER_MESSAGE;
    const system = this.#strings.get(parts.system);
    if (system === undefined) batch.add(parts.system, (tokens) => this.#remember(parts.system, tokens));
    else total += system;
    const tools = this.#tokens.get(parts.tools);
    if (tools === undefined)
      batch.add(JSON.stringify(parts.tools), (tokens) => void this.#tokens.set(parts.tools, tokens));
    else total += tools;
    const lead = parts.history?.lead ?? [];
    for (const message of [...lead, ...parts.messages]) {
      const tokens = this.#tokens.get(message);
      if (tokens === undefined)
        batch.add(textOf(message), (counted) => void this.#tokens.set(message, counted + PER_MESSAGE), PER_MESSAGE);
      else total += tokens;
    }
    if (parts.history) {
      const { history: stored, from, to } = parts.history.stored;
      for (let index = from; index < to; index++) {
        const tokens = stored.tokensAt(index);
        if (tokens !== 0) {
          total += tokens;
          continue;
        }
        // Decoded just for its text: the history is kept encoded.
        const message = JSON.parse(stored.jsonOf(index, index + 1)) as ChatMessage;
        batch.add(textOf(message), (counted) => stored.setTokens(index, counted + PER_MESSAGE), PER_MESSAGE);
      }
    }
    return total + (await batch.count());
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

  /** Remembers a string's count (the last few: the system prompt repeats every turn). */
  #remember(text: string, tokens: number): void {
    if (this.#strings.size >= 16) this.#strings.delete(this.#strings.keys().next().value!);
    this.#strings.set(text, tokens);
  }
}

/** What a request is made of, for counting: the system prompt, the tools, the kept history, then other messages. */
export interface ContextParts {
  system: string;
  tools: readonly ToolSchema[];
  history?: HistoryView;
  messages: readonly ChatMessage[];
}

/** Texts to count together, each with what to do with its count; the total is what `count` resolves with. */
class CountBatch {
  readonly #texts: string[] = [];
  readonly #then: Array<(tokens: number) => void> = [];
  /** Counts added to the total beyond the text's own tokens (a message's {@link PER_MESSAGE}). */
  #extra = 0;

  add(text: string, then: (tokens: number) => void, extra = 0): void {
    this.#texts.push(text);
    this.#then.push(then);
    this.#extra += extra;
  }

  async count(): Promise<number> {
    const counts = await countTokens(this.#texts);
    let total = this.#extra;
    for (const [index, tokens] of counts.entries()) {
      this.#then[index]!(tokens);
      total += tokens;
    }
    return total;
  }
}
