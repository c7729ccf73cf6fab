import { getEventListeners } from "node:events";
import { describe, expect, it } from "vitest";
import { wakeablePause } from "../../src/bus/redis-connection.js";

describe("a loop's wait that others may cut short", () => {
  it("ends when woken, leaving no listener on the loop's signal however often it is woken", async () => {
    const stop = new AbortController();
    let wake: (() => void) | undefined;
    for (let round = 0; round < 50; round++) {
      const waited = wakeablePause(60_000, stop.signal, (given) => {
        wake = given;
      });
      wake!();
      await waited;
      expect(wake).toBeUndefined();
    }
    expect(getEventListeners(stop.signal, "abort")).toHaveLength(0);
  });

  it("ends when the loop's signal aborts", async () => {
    const stop = new AbortController();
    const waited = wakeablePause(60_000, stop.signal, () => undefined);
    stop.abort();
    await waited;
    expect(getEventListeners(stop.signal, "abort")).toHaveLength(0);
  });

  it("does not wait at all once the loop's signal was aborted", async () => {
    const stop = new AbortController();
    stop.abort();
    const started = performance.now();
    await wakeablePause(60_000, stop.signal, () => undefined);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
