import { jsonOf } from "../../providers/chat-request-body.js";
import type { ChatMessage, EncodedMessages } from "../../providers/provider.js";
import { wellFormedDeep } from "../../util/well-formed.js";
import { ByteChunks } from "./byte-chunks.js";
import { textOf } from "./message-text.js";

/**
 * A conversation's messages as a session keeps them in memory: each message's JSON (healed of lone surrogates,
 * as Chat Completions takes it) as UTF-8 bytes in chunks off the heap ({@link ByteChunks}), with where each one
 * starts and ends and the running sum of their texts' UTF-8 bytes. A turn sends them as they are (views of the
 * chunks, no copy, no encoding) and sizes them without a pass over them, so a turn of a long chat costs about
 * what one of a short chat does, and an idle chat holds its text once, not as objects. The objects are decoded
 * only when something needs them (another model API, compaction, the dashboard), and then kept. Messages are
 * only ever appended; a front part is let go of by making a new history ({@link StoredHistory.from}), so that a
 * {@link HistoryView} made before stays valid.
 */
export class StoredHistory {
  readonly #bytes = new ByteChunks();
  /** Per message, where its JSON starts and ends in `#bytes` (after the comma that separates it from the one before). */
  #starts = new Uint32Array(8);
  #ends = new Uint32Array(8);
  /** Per message, the UTF-8 bytes of the texts of it and every message before it. */
  #textBytes = new Uint32Array(8);
  #length = 0;
  /** How many messages carry what only another API reads (thinking blocks, reasoning items). */
  #carrying = 0;
  #decoded: ChatMessage[] | undefined;
  /** Per message, its tokens as counted (0: not counted yet); made on the first exact count. */
  #tokens: Uint32Array | undefined;

  /** A history of `messages`, each encoded once. */
  static of(messages: readonly ChatMessage[]): StoredHistory {
    const history = new StoredHistory();
    history.append(messages);
    return history;
  }

  /**
   * A history of stored JSON texts (Redis' list items), each checked to be a message by `parse`, which
   * returns it decoded or undefined to skip it. A text is sent as it is unless it holds an escaped surrogate.
   */
  static ofJson(texts: readonly string[], parse: (text: string) => ChatMessage | undefined): StoredHistory {
    const history = new StoredHistory();
    const decoded: ChatMessage[] = [];
    for (const text of texts) {
      const message = parse(text);
      if (!message) continue;
      decoded.push(message);
      history.#push(message, /\\u[dD][89a-fA-F]/.test(text) ? undefined : text);
    }
    history.#decoded = decoded;
    return history;
  }

  get length(): number {
    return this.#length;
  }

  /**
   * Appends messages (encoding each once: a message a request of this turn encoded already is not encoded again);
   * a history that was decoded keeps the objects too. Returns the appended messages' JSON, comma-joined.
   */
  append(messages: readonly ChatMessage[]): string {
    const from = this.#length;
    for (const message of messages) this.#push(message, carries(message) ? undefined : jsonOf(message));
    this.#decoded?.push(...messages);
    return this.jsonOf(from, this.#length);
  }

  #push(message: ChatMessage, json?: string): void {
    const encoded = json ?? JSON.stringify(wellFormedDeep(message));
    const at = this.#length;
    if (at === this.#ends.length) this.#grow();
    const { start, end } = this.#bytes.append(at === 0 ? encoded : `,${encoded}`);
    this.#starts[at] = at === 0 ? start : start + 1;
    this.#ends[at] = end;
    this.#textBytes[at] = (at === 0 ? 0 : this.#textBytes[at - 1]!) + Buffer.byteLength(textOf(message));
    if (carries(message)) this.#carrying++;
    this.#length = at + 1;
  }

  #grow(): void {
    const grown = (array: Uint32Array) => {
      const bigger = new Uint32Array(array.length * 2);
      bigger.set(array);
      return bigger;
    };
    this.#starts = grown(this.#starts);
    this.#ends = grown(this.#ends);
    this.#textBytes = grown(this.#textBytes);
    if (this.#tokens) this.#tokens = grown(this.#tokens);
  }

  /** The UTF-8 JSON of messages `[from, to)`, comma-joined, as views of the chunks that hold it. */
  jsonParts(from: number, to: number): Buffer[] {
    return from >= to ? [] : this.#bytes.parts(this.#starts[from]!, this.#ends[to - 1]!);
  }

  /** The JSON of messages `[from, to)`, comma-joined. */
  jsonOf(from: number, to: number): string {
    return from >= to ? "" : this.#bytes.text(this.#starts[from]!, this.#ends[to - 1]!);
  }

  /** The UTF-8 bytes of the texts of messages `[from, to)`. */
  textBytesOf(from: number, to: number): number {
    if (from >= to) return 0;
    return this.#textBytes[to - 1]! - (from === 0 ? 0 : this.#textBytes[from - 1]!);
  }

  /** Whether one of its messages carries what only another API reads. */
  carries(): boolean {
    return this.#carrying > 0;
  }

  /** The messages as new objects, decoded now (and not kept). */
  decode(): ChatMessage[] {
    if (this.#decoded) return [...this.#decoded];
    return this.#length === 0 ? [] : (JSON.parse(`[${this.jsonOf(0, this.#length)}]`) as ChatMessage[]);
  }

  /** The messages as objects, decoded on first use and kept from then on. */
  messages(): readonly ChatMessage[] {
    this.#decoded ??= this.decode();
    return this.#decoded;
  }

  /** The tokens message `index` was counted at, or 0 when it was not counted yet. */
  tokensAt(index: number): number {
    return this.#tokens?.[index] ?? 0;
  }

  /** Remembers message `index`'s tokens as counted. */
  setTokens(index: number, tokens: number): void {
    this.#tokens ??= new Uint32Array(this.#ends.length);
    this.#tokens[index] = tokens;
  }

  /** The bytes it holds in memory, about (for the store's memory bound). */
  get size(): number {
    return this.#bytes.allocated + this.#ends.length * 12;
  }

  /** A new history of messages `[start, length)` (letting go of the older part); views of this one stay valid. */
  from(start: number): StoredHistory {
    const kept = new StoredHistory();
    for (let index = Math.max(0, start); index < this.#length; index++) {
      const json = this.jsonOf(index, index + 1);
      const at = kept.#length;
      if (at === kept.#ends.length) kept.#grow();
      const placed = kept.#bytes.append(at === 0 ? json : `,${json}`);
      kept.#starts[at] = at === 0 ? placed.start : placed.start + 1;
      kept.#ends[at] = placed.end;
      kept.#textBytes[at] = (at === 0 ? 0 : kept.#textBytes[at - 1]!) + this.textBytesOf(index, index + 1);
      const tokens = this.tokensAt(index);
      if (tokens) kept.setTokens(at, tokens);
      kept.#length = at + 1;
    }
    kept.#carrying = this.#carrying;
    if (this.#decoded) kept.#decoded = this.#decoded.slice(start);
    return kept;
  }

  /** A view of messages `[from, length)` as they are now, after the messages `lead` (a summary's). */
  view(from: number, lead: readonly ChatMessage[] = []): HistoryView {
    return new HistoryView(this, Math.min(from, this.#length), this.#length, lead);
  }
}

/** Whether a message carries what only another API reads (Chat Completions' JSON of it leaves that out). */
function carries(message: ChatMessage): boolean {
  return message.role === "assistant" && Boolean(message.anthropic_thinking || message.responses_reasoning);
}

/**
 * What a turn sends between its system prompt and its new message: a summary's messages (`lead`), then the stored
 * messages `[from, to)` of a {@link StoredHistory}. Sent as their kept JSON; decoded only when asked.
 */
export class HistoryView implements EncodedMessages {
  readonly #stored: StoredHistory;
  readonly #from: number;
  readonly #to: number;
  readonly #lead: readonly ChatMessage[];

  constructor(stored: StoredHistory, from: number, to: number, lead: readonly ChatMessage[]) {
    this.#stored = stored;
    this.#from = from;
    this.#to = to;
    this.#lead = lead;
  }

  get length(): number {
    return this.#lead.length + this.#to - this.#from;
  }

  /** The stored history it shows part of, and where that part starts and ends. */
  get stored(): { history: StoredHistory; from: number; to: number } {
    return { history: this.#stored, from: this.#from, to: this.#to };
  }

  /** The summary's messages it starts with. */
  get lead(): readonly ChatMessage[] {
    return this.#lead;
  }

  jsonParts(): readonly Uint8Array[] {
    const stored = this.#stored.jsonParts(this.#from, this.#to);
    if (this.#lead.length === 0) return stored;
    const lead = this.#lead.map((message) => JSON.stringify(wellFormedDeep(message))).join(",");
    return [Buffer.from(stored.length === 0 ? lead : `${lead},`), ...stored];
  }

  get carries(): boolean {
    return this.#stored.carries();
  }

  messages(): readonly ChatMessage[] {
    const stored = this.#stored.messages().slice(this.#from, this.#to);
    return this.#lead.length === 0 ? stored : [...this.#lead, ...stored];
  }

  /** The UTF-8 bytes of its stored messages' texts (the lead's are the caller's to add). */
  get storedTextBytes(): number {
    return this.#stored.textBytesOf(this.#from, this.#to);
  }

  /** A view of its last `count` stored messages, without the lead. */
  last(count: number): HistoryView {
    return new HistoryView(this.#stored, Math.max(this.#from, this.#to - count), this.#to, []);
  }

  /** The same stored messages after another lead (a new summary's). */
  withLead(lead: readonly ChatMessage[]): HistoryView {
    return new HistoryView(this.#stored, this.#from, this.#to, lead);
  }
}
