/** The first chunk's size: most conversations stay small. */
const FIRST_CHUNK = 512;
/** A chunk grows (by copying) up to this size; after it, new chunks of this size are added. */
const MAX_CHUNK = 64 * 1024;

/**
 * Bytes appended piece by piece, kept off the JavaScript heap in chunks that no later append moves: a piece
 * never spans two chunks, and a range of pieces is handed out as views of the chunks (no copy), so that a
 * long conversation's history is neither copied nor re-encoded to go into a request. Offsets are global: a
 * chunk's bytes are numbered after those of the chunks before it, the unused end of a full chunk included.
 */
export class ByteChunks {
  readonly #chunks: Buffer[] = [];
  /** Where each chunk's first byte is in the global numbering. */
  readonly #bases: number[] = [];
  /** How many bytes of each chunk hold pieces. */
  readonly #used: number[] = [];

  /** Appends `text` as UTF-8; returns where its bytes start and end (exclusive) in the global numbering. */
  append(text: string): { start: number; end: number } {
    const need = Buffer.byteLength(text);
    const index = this.#room(need);
    const chunk = this.#chunks[index]!;
    const at = this.#used[index]!;
    chunk.write(text, at, "utf8");
    this.#used[index] = at + need;
    const start = this.#bases[index]! + at;
    return { start, end: start + need };
  }

  /** The chunk `need` more bytes go into (the last one, grown or new). */
  #room(need: number): number {
    const last = this.#chunks.length - 1;
    const chunk = this.#chunks[last];
    const used = this.#used[last] ?? 0;
    if (chunk && used + need <= chunk.length) return last;
    if (chunk && chunk.length < MAX_CHUNK && used + need <= MAX_CHUNK) {
      // A small chunk grows in place of itself: its views handed out before keep the old one alive as they were.
      const grown = Buffer.allocUnsafeSlow(Math.min(MAX_CHUNK, Math.max(chunk.length * 2, used + need)));
      chunk.copy(grown, 0, 0, used);
      this.#chunks[last] = grown;
      return last;
    }
    const base = chunk ? this.#bases[last]! + chunk.length : 0;
    this.#chunks.push(Buffer.allocUnsafeSlow(Math.max(need, chunk ? MAX_CHUNK : FIRST_CHUNK)));
    this.#bases.push(base);
    this.#used.push(0);
    return last + 1;
  }

  /** The bytes from `start` to `end` (global offsets of piece boundaries), as views of the chunks that hold them. */
  parts(start: number, end: number): Buffer[] {
    const parts: Buffer[] = [];
    for (let index = 0; index < this.#chunks.length && start < end; index++) {
      const base = this.#bases[index]!;
      const filled = base + this.#used[index]!;
      if (filled <= start) continue;
      if (base >= end) break;
      parts.push(this.#chunks[index]!.subarray(Math.max(0, start - base), Math.min(filled, end) - base));
    }
    return parts;
  }

  /** The bytes from `start` to `end` as text. */
  text(start: number, end: number): string {
    const parts = this.parts(start, end);
    return parts.length === 1 ? parts[0]!.toString("utf8") : Buffer.concat(parts).toString("utf8");
  }

  /** The bytes the chunks take, used or not. */
  get allocated(): number {
    let total = 0;
    for (const chunk of this.#chunks) total += chunk.length;
    return total;
  }
}
