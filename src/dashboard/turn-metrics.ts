/**
 * Turns per minute and their reply latency over the last hour (per minute) and day (per 15
 * minutes), for the overview's charts. Each turn costs a few array increments: counts and a
 * coarse latency histogram (buckets of √2) per slot, from which the median is read on demand.
 */

const bucketCount = 40;
const hourSlots = 60;
const daySlots = 96;

class Series {
  readonly turns: Uint32Array;
  readonly histograms: Uint32Array;
  /** Slot start (unix s) each ring position currently holds. */
  readonly starts: Float64Array;

  constructor(
    readonly slots: number,
    readonly slotSeconds: number,
  ) {
    this.turns = new Uint32Array(slots);
    this.histograms = new Uint32Array(slots * bucketCount);
    this.starts = new Float64Array(slots).fill(-1);
  }

  add(nowSeconds: number, bucket: number): void {
    const start = nowSeconds - (nowSeconds % this.slotSeconds);
    const index = (start / this.slotSeconds) % this.slots;
    if (this.starts[index] !== start) {
      this.starts[index] = start;
      this.turns[index] = 0;
      this.histograms.fill(0, index * bucketCount, (index + 1) * bucketCount);
    }
    this.turns[index]! += 1;
    this.histograms[index * bucketCount + bucket]! += 1;
  }

  read(nowSeconds: number): { t: number[]; turns: number[]; latency_ms: number[] } {
    const last = nowSeconds - (nowSeconds % this.slotSeconds);
    const t: number[] = [];
    const turns: number[] = [];
    const latency: number[] = [];
    for (let step = this.slots - 1; step >= 0; step--) {
      const start = last - step * this.slotSeconds;
      const index = (start / this.slotSeconds) % this.slots;
      const held = this.starts[index] === start;
      t.push(start);
      turns.push(held ? this.turns[index]! : 0);
      latency.push(held ? median(this.histograms.subarray(index * bucketCount, (index + 1) * bucketCount)) : 0);
    }
    return { t, turns, latency_ms: latency };
  }
}

/** The overview's turn counts and median reply latency. */
export class TurnMetrics {
  readonly #hour = new Series(hourSlots, 60);
  readonly #day = new Series(daySlots, 900);
  readonly #now: () => number;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  /** Counts one answered turn that took `latencyMs` from the message's arrival to the reply. */
  add(latencyMs: number): void {
    const seconds = Math.floor(this.#now() / 1000);
    const bucket = Math.min(bucketCount - 1, Math.max(0, Math.floor(2 * Math.log2(Math.max(1, latencyMs)))));
    this.#hour.add(seconds, bucket);
    this.#day.add(seconds, bucket);
  }

  series(): { hour: ReturnType<Series["read"]>; day: ReturnType<Series["read"]> } {
    const seconds = Math.floor(this.#now() / 1000);
    return { hour: this.#hour.read(seconds), day: this.#day.read(seconds) };
  }
}

/** The median of a histogram of √2-wide buckets, as its bucket's geometric middle (ms). */
function median(histogram: Uint32Array): number {
  let total = 0;
  for (const count of histogram) total += count;
  if (total === 0) return 0;
  let seen = 0;
  for (const [bucket, count] of histogram.entries()) {
    seen += count;
    if (seen * 2 >= total) return Math.round(2 ** ((bucket + 0.5) / 2));
  }
  return 0;
}
