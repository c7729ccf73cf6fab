/**
 * The bench's targets: each result is checked against its target where it is printed, `[target p99 <= 1 ms: PASS]`,
 * and remembered; {@link reportTargets} prints how many passed and which failed, and sets a failing exit code.
 */

/** A bound: at most (`<=`), below (`<`), at least (`>=`) or exactly (`=`) the limit. */
export type Bound = "<=" | "<" | ">=" | "=";

/** One target checked. */
export interface CheckedTarget {
  name: string;
  passed: boolean;
  /** `p99 <= 1 ms`. */
  text: string;
}

/** The targets of one bench run. */
export class TargetBook {
  readonly checked: CheckedTarget[] = [];

  /**
   * Checks `value` against `bound limit` and returns the tag to print after the result, e.g. `[target p99 <= 1 ms:
   * PASS]`. `label` is what the target is of (`p99`, `median`, …; empty for the value itself) and `unit` its unit.
   */
  check(name: string, value: number, bound: Bound, limit: number, unit = "", label = ""): string {
    const passed =
      bound === "<="
        ? value <= limit
        : bound === "<"
          ? value < limit
          : bound === ">="
            ? value >= limit
            : value === limit;
    const text = `${label ? `${label} ` : ""}${bound} ${limit.toLocaleString("en-US")}${unit ? ` ${unit}` : ""}`;
    this.checked.push({ name, passed, text });
    return `[target ${text}: ${passed ? "PASS" : "FAIL"}]`;
  }

  /** `targets: 9 passed, 1 failed (…)`, naming each failure; undefined when none was checked. */
  summary(): string | undefined {
    if (this.checked.length === 0) return undefined;
    const failed = this.checked.filter((result) => !result.passed);
    const names = failed.map((result) => `${result.name} ${result.text}`).join("; ");
    return `targets: ${this.checked.length - failed.length} passed, ${failed.length} failed${failed.length ? ` (${names})` : ""}`;
  }

  get failed(): boolean {
    return this.checked.some((result) => !result.passed);
  }
}

/** The targets of this `npm run bench`. */
const book = new TargetBook();

/** Checks a result against its target in this run (see {@link TargetBook.check}). */
export const target: TargetBook["check"] = (...args) => book.check(...args);

/** Prints the run's summary and, when a target failed, makes the process exit non-zero. */
export function reportTargets(): void {
  const summary = book.summary();
  if (summary) console.log(summary);
  if (book.failed) process.exitCode = 1;
}
