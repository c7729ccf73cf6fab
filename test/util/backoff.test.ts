import { describe, expect, it } from "vitest";
import { Backoff } from "../../src/util/retry.js";

describe("Backoff", () => {
  const noJitter = () => 0.999_999;

  it("doubles the delay with each failure up to the ceiling", () => {
    const backoff = new Backoff({ baseDelayMs: 100, maxDelayMs: 500, random: noJitter });

    expect([backoff.next(), backoff.next(), backoff.next(), backoff.next()]).toEqual([100, 200, 400, 500]);
    expect(backoff.failures).toBe(4);
  });

  it("waits what the server asked for when it gave a retry_after", () => {
    const backoff = new Backoff({ baseDelayMs: 100, random: noJitter });

    expect(backoff.next(7_000)).toBe(7_000);
    expect(backoff.next()).toBe(200);
  });

  it("starts again from the base delay after a success", () => {
    const backoff = new Backoff({ baseDelayMs: 100, random: noJitter });
    backoff.next();
    backoff.next();

    backoff.reset();

    expect(backoff.next()).toBe(100);
  });

  it("keeps at least half of each delay whatever the jitter draws", () => {
    const backoff = new Backoff({ baseDelayMs: 1_000, random: () => 0 });

    expect(backoff.next()).toBe(500);
  });
});
