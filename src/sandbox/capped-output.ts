/**
 * Collects a stream's bytes with bounded memory: the first `headBytes` and the last
 * `tailBytes` are kept, whatever passes in between is counted and dropped.
 */
export class CappedOutput {
  readonly #head: Buffer[] = [];
  #headSize = 0;
  readonly #tail: Buffer[] = [];
  #tailSize = 0;
  /** Every byte seen so far, kept or not. */
  totalBytes = 0;

  constructor(
    private readonly headBytes: number,
    private readonly tailBytes: number,
  ) {}

  push(chunk: Buffer): void {
    this.totalBytes += chunk.length;
    let rest = chunk;
    if (this.#headSize < this.headBytes) {
      const take = Math.min(this.headBytes - this.#headSize, rest.length);
      this.#head.push(rest.subarray(0, take));
      this.#headSize += take;
      rest = rest.subarray(take);
    }
    if (rest.length === 0) return;
    this.#tail.push(rest);
    this.#tailSize += rest.length;
    while (this.#tail.length > 1 && this.#tailSize - (this.#tail[0] as Buffer).length >= this.tailBytes) {
      this.#tailSize -= (this.#tail.shift() as Buffer).length;
    }
  }

  /** Whether bytes were dropped. */
  get truncated(): boolean {
    return this.totalBytes > this.headBytes + this.tailBytes;
  }

  /** The kept text; when bytes were dropped, a marker in the middle says how many. */
  text(): string {
    const head = Buffer.concat(this.#head).toString("utf8");
    const tailBuffer = Buffer.concat(this.#tail);
    const tail = tailBuffer.subarray(Math.max(0, tailBuffer.length - this.tailBytes));
    const omitted = this.totalBytes - this.#headSize - tail.length;
    if (omitted <= 0) return head + tail.toString("utf8");
    return `${head}\n[... ${omitted} bytes omitted (${this.totalBytes} in total) ...]\n${tail.toString("utf8")}`;
  }
}
