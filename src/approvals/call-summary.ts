import { createHash } from "node:crypto";
import { showLiterally } from "./literal-text.js";

/** Argument names whose values are never shown (tokens, passwords, auth headers). */
const SECRET_NAME = /token|secret|passw|api[-_]?key|authori[sz]ation|cookie|credential|private[-_]?key/i;
/** Secret-looking values inside text: bearer credentials, common API key shapes. */
const SECRET_VALUE =
  /\b(?:Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{8,}|\b(?:sk|xox[abprs]|ghp|gho|github_pat)[-_][A-Za-z0-9_-]{8,}/g;

/** JSON with object keys sorted, so that equal arguments always give the same text. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (typeof value === "object" && value !== null) {
    const entries = Object.entries(value)
      .filter(([, inner]) => inner !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${canonicalJson(inner)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/** The identity of one call: the tool name and a SHA-256 of its arguments (key order does not matter). */
export function callKey(tool: string, args: Readonly<Record<string, unknown>>): string {
  const hash = createHash("sha256").update(canonicalJson(args)).digest("hex");
  return `${tool}:${hash}`;
}

/** A value as shown in a prompt: in full and literally, secrets hidden. */
function shownValue(name: string, value: unknown, redact: (text: string) => string): string {
  if (SECRET_NAME.test(name)) return "[redacted]";
  if (typeof value === "object" && value !== null && !Array.isArray(value)) {
    const inner = Object.entries(value).map(([key, innerValue]) => [
      key,
      SECRET_NAME.test(key) ? "[redacted]" : innerValue,
    ]);
    value = Object.fromEntries(inner);
  }
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return showLiterally(redact(text ?? "").replace(SECRET_VALUE, "[redacted]"));
}

/**
 * The arguments as a prompt shows them: one `name: value` line each, in full, every invisible
 * or reordering character spelled out (`\u202e`), secrets redacted (by name, by shape and by
 * `redact`, which knows the config's secrets).
 */
export function summarizeArguments(
  args: Readonly<Record<string, unknown>>,
  redact: (text: string) => string = (text) => text,
): string {
  const lines = Object.entries(args)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${showLiterally(name)}: ${shownValue(name, value, redact)}`);
  return lines.join("\n") || "(no arguments)";
}
