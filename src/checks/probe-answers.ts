import { type CheckResult, fail } from "./check-result.js";
import type { ProbeOutcome } from "./http-probe.js";

/**
 * What the plugins' credential checks (channels/<name>/check.ts) share: plain HTTP
 * probes without any SDK, each one request the platform answers for free.
 */

/** A field of a JSON answer body, if the body is an object. */
export const jsonField = (body: unknown, key: string): unknown =>
  typeof body === "object" && body !== null ? (body as Record<string, unknown>)[key] : undefined;

/** The failing line for a platform API that did not answer. */
export function unreachable(name: string, base: string, outcome: { reason: string }, setting: string): CheckResult {
  return fail(name, `${base} is unreachable (${outcome.reason})`, `check the network and ${setting}`);
}

/** `HTTP 401: Unauthorized`, or `invalid_auth` for Slack's 200-with-error answers. */
export function describeAnswer(outcome: Extract<ProbeOutcome, { kind: "answer" }>, said: unknown): string {
  // Discord's messages repeat the status ("401: Unauthorized").
  const message = (typeof said === "string" && said ? said : outcome.statusText).replace(`${outcome.status}: `, "");
  if (outcome.status === 200) return message || "ok: false";
  return message ? `HTTP ${outcome.status}: ${message}` : `HTTP ${outcome.status}`;
}
