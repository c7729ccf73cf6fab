/**
 * What every check of `skein doctor` shares: this file is what a check returns (a line with its outcome and
 * remedy); `http-probe.ts` is the HTTP probe that credential and endpoint checks use (through a proxy with undici,
 * imported only then); `probe-answers.ts` is what the plugins' credential checks share. The checks themselves
 * live with what they check (`channels/<name>/check.ts`, `src/health/`).
 */

/** One line of `skein doctor`: what was checked, how it went, and how to fix it. */
export interface CheckResult {
  /** Short name of the thing checked: `config`, `workspace`, `llm`, `telegram`, `mcp files`. */
  name: string;
  /** `warn` is worth reading but does not fail the doctor. */
  outcome: "ok" | "warn" | "fail";
  detail: string;
  /** What to do about a warning or failure. */
  remedy?: string;
}

export const ok = (name: string, detail: string): CheckResult => ({ name, outcome: "ok", detail });
export const warn = (name: string, detail: string, remedy?: string): CheckResult => ({
  name,
  outcome: "warn",
  detail,
  ...(remedy ? { remedy } : {}),
});
export const fail = (name: string, detail: string, remedy: string): CheckResult => ({
  name,
  outcome: "fail",
  detail,
  remedy,
});
