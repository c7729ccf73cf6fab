import { getHeapSpaceStatistics } from "node:v8";
import { afterEach, describe, expect, it, vi } from "vitest";
import { memoryReducingCollection, reduceMemoryWhenIdle } from "../../src/commands/idle-memory.js";

/** A daemon's activity as reduceMemoryWhenIdle sees it: each call of `turn()` is one turn's outcome. */
function activity() {
  const listeners = new Set<() => void>();
  return {
    onActivity: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    turn: () => {
      for (const listener of listeners) listener();
    },
    get subscribers() {
      return listeners.size;
    },
  };
}

const youngGenerationBytes = () =>
  getHeapSpaceStatistics().find((space) => space.space_name === "new_space")!.physical_space_size;

describe("giving memory back when the daemon is idle", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("collects once the daemon has been quiet after start-up, and not again while it stays quiet", () => {
    vi.useFakeTimers();
    const daemon = activity();
    const collect = vi.fn();
    const stop = reduceMemoryWhenIdle({ onActivity: daemon.onActivity, quietMs: 5_000, collect, now: Date.now });
    vi.advanceTimersByTime(4_999);
    expect(collect).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(collect).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60_000);
    expect(collect).toHaveBeenCalledTimes(1);
    stop();
    expect(daemon.subscribers).toBe(0);
  });

  it("waits for a quiet period after each burst of turns, however long the burst", () => {
    vi.useFakeTimers();
    const daemon = activity();
    const collect = vi.fn();
    const stop = reduceMemoryWhenIdle({
      onActivity: daemon.onActivity,
      quietMs: 5_000,
      minIntervalMs: 0,
      collect,
      now: Date.now,
    });
    for (let second = 1; second <= 20; second++) {
      vi.advanceTimersByTime(1_000);
      daemon.turn();
    }
    expect(collect).not.toHaveBeenCalled();
    vi.advanceTimersByTime(5_000);
    expect(collect).toHaveBeenCalledTimes(1);
    daemon.turn();
    vi.advanceTimersByTime(4_000);
    expect(collect).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1_000);
    expect(collect).toHaveBeenCalledTimes(2);
    stop();
  });

  it("collects at most once a minute when a message comes every few seconds", () => {
    vi.useFakeTimers();
    const daemon = activity();
    const collect = vi.fn();
    const stop = reduceMemoryWhenIdle({ onActivity: daemon.onActivity, quietMs: 5_000, collect, now: Date.now });
    vi.advanceTimersByTime(5_000);
    expect(collect).toHaveBeenCalledTimes(1);
    for (let message = 0; message < 10; message++) {
      daemon.turn();
      vi.advanceTimersByTime(10_000);
    }
    // 100 s of a message every 10 s: quiet for 5 s after each, but 60 s must pass between collections.
    expect(collect).toHaveBeenCalledTimes(2);
    // The second came at 65 s; the third waits until 125 s, though the last message was at 95 s.
    vi.advanceTimersByTime(19_999);
    expect(collect).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(1);
    expect(collect).toHaveBeenCalledTimes(3);
    stop();
  });

  it("collects nothing after it is stopped", () => {
    vi.useFakeTimers();
    const collect = vi.fn();
    reduceMemoryWhenIdle({ onActivity: activity().onActivity, quietMs: 100, collect, now: Date.now })();
    vi.advanceTimersByTime(1_000);
    expect(collect).not.toHaveBeenCalled();
  });

  it("frees garbage with V8's last-resort collection, shrinking the young generation on Node >= 22, without leaving gc exposed", () => {
    const collect = memoryReducingCollection();
    expect(collect).toBeTypeOf("function");
    const given = (globalThis as { gc?: unknown }).gc;
    // Garbage that survives a few scavenges grows the young generation, as start-up does.
    let kept: unknown[] = [];
    for (let round = 0; round < 40; round++) {
      kept = Array.from({ length: 20_000 }, (_, index) => ({ index, round, text: `item ${index}` }));
    }
    expect(kept).toHaveLength(20_000);
    kept = [];
    const before = { young: youngGenerationBytes(), used: process.memoryUsage().heapUsed };
    collect!();
    expect(process.memoryUsage().heapUsed).toBeLessThan(before.used);
    // V8 11 (Node 20) keeps its young generation's size through this collection; V8 12 and later shrink it.
    if (Number(process.versions.node.split(".")[0]) >= 22) expect(youngGenerationBytes()).toBeLessThan(before.young);
    expect((globalThis as { gc?: unknown }).gc).toBe(given);
  });
});
