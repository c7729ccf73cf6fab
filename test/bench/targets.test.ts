import { describe, expect, it } from "vitest";
import { TargetBook } from "../../bench/targets.js";

describe("the bench's targets", () => {
  it("says PASS or FAIL after each result, and names the failures in its summary", () => {
    const book = new TargetBook();
    expect(book.check("tool iteration", 0.4, "<=", 1, "ms", "p99")).toBe("[target p99 <= 1 ms: PASS]");
    expect(book.check("throughput", 1500, ">=", 2000, "turns/s")).toBe("[target >= 2,000 turns/s: FAIL]");
    expect(book.check("lost", 0, "=", 0)).toBe("[target = 0: PASS]");
    expect(book.failed).toBe(true);
    expect(book.summary()).toBe("targets: 2 passed, 1 failed (throughput >= 2,000 turns/s)");
  });

  it("passes when every target is met, and says nothing when none was checked", () => {
    const book = new TargetBook();
    expect(book.summary()).toBeUndefined();
    book.check("event-loop delay", 99.9, "<", 100, "ms", "max");
    expect(book.failed).toBe(false);
    expect(book.summary()).toBe("targets: 1 passed, 0 failed");
  });
});
