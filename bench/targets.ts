/**
 * The bench's targets: each result is checked against its target where it is printed, `[target <= 1 ms: PASS]`,
 * and remembered; {@link reportTargets} prints how many passed and which failed, and sets a failing exit code.
 */

/** A bound: at most (`<=`), below (`<`), at least (`>=`) or exactly (`=`) the limit. */
export type Bound = "<=" | "<" | ">=" | "=";

interface Checked {
  name: string;
  passed: boolean;
  text: string;
}

const checked: Checked[] = [];

/**
 * Checks `value` against `bound limit` and returns the tag to print after the result, e.g. `[target p99 <= 1 ms:
 * PASS]`. `label` is what the target is of (`p99`, `median`, …; empty for the value itself) and `unit` its unit.
 */
export function target(name: string, value: number, bound: Bound, limit: number, unit = "", label = ""): string {
  const passed =
    bound === "<=" ? value <= limit : bound === "<" ? value < limit : bound === ">=" ? value >= limit : value === limit;
  const text = `${label ? `${label} ` : ""}${bound} ${limit.toLocaleString("en-US")}${unit ? ` ${unit}` : ""}`;
  checked.push({ name, passed, text });
  return `[target ${text}: ${passed ? "PASS" : "FAIL"}]`;
}

/** The targets checked so far. */
export function targetResults(): readonly Checked[] {
  return checked;
}

/** Prints `targets: 9 passed, 1 failed (…)` and, when one failed, makes the process exit non-zero. */
export function reportTargets(write: (line: string) => void = console.log): void {
  if (checked.length === 0) return;
  const failed = checked.filter((result) => !result.passed);
  const names = failed.map((result) => `${result.name} ${result.text}`).join("; ");
  write(
    `targets: ${checked.length - failed.length} passed, ${failed.length} failed${failed.length ? ` (${names})` : ""}`,
  );
  if (failed.length) process.exitCode = 1;
}
