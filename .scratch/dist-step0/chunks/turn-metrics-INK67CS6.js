#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);

import "./chunk-GZ7VATWC.js";
var Series = class {
    constructor(slots, slotSeconds) {
      this.slots = slots;
      this.slotSeconds = slotSeconds;
      (this.turns = new Uint32Array(slots)),
        (this.histograms = new Uint32Array(slots * 40)),
        (this.starts = new Float64Array(slots).fill(-1));
    }
    slots;
    slotSeconds;
    turns;
    histograms;
    starts;
    add(nowSeconds, bucket) {
      const start = nowSeconds - (nowSeconds % this.slotSeconds),
        index = (start / this.slotSeconds) % this.slots;
      this.starts[index] !== start &&
        ((this.starts[index] = start), (this.turns[index] = 0), this.histograms.fill(0, index * 40, (index + 1) * 40)),
        (this.turns[index] += 1),
        (this.histograms[index * 40 + bucket] += 1);
    }
    read(nowSeconds) {
      const last = nowSeconds - (nowSeconds % this.slotSeconds),
        t = [],
        turns = [],
        latency = [];
      for (let step = this.slots - 1; step >= 0; step--) {
        const start = last - step * this.slotSeconds,
          index = (start / this.slotSeconds) % this.slots,
          held = this.starts[index] === start;
        t.push(start),
          turns.push(held ? this.turns[index] : 0),
          latency.push(held ? median(this.histograms.subarray(index * 40, (index + 1) * 40)) : 0);
      }
      return { t, turns, latency_ms: latency };
    }
  },
  TurnMetrics = class {
    #hour = new Series(60, 60);
    #day = new Series(96, 900);
    #now;
    constructor(now = Date.now) {
      this.#now = now;
    }
    add(latencyMs) {
      const seconds = Math.floor(this.#now() / 1e3),
        bucket = Math.min(39, Math.max(0, Math.floor(2 * Math.log2(Math.max(1, latencyMs)))));
      this.#hour.add(seconds, bucket), this.#day.add(seconds, bucket);
    }
    series() {
      const seconds = Math.floor(this.#now() / 1e3);
      return { hour: this.#hour.read(seconds), day: this.#day.read(seconds) };
    }
  };
function median(histogram) {
  let total = 0;
  for (const count of histogram) total += count;
  if (total === 0) return 0;
  let seen = 0;
  for (const [bucket, count] of histogram.entries())
    if (((seen += count), seen * 2 >= total)) return Math.round(2 ** ((bucket + 0.5) / 2));
  return 0;
}
export { TurnMetrics };
//# sourceMappingURL=turn-metrics-INK67CS6.js.map
