import { ToolError } from "../tool.js";
import { globToRegExp, hasGlobSyntax } from "./glob.js";

/** Commands refused before anything runs (case-insensitive substrings, whitespace normalised). */
export const DENYLIST = [
  "rm -rf /",
  "sudo ",
  "mkfs",
  "dd if=",
  ":(){ :|:& };:",
  "chmod 777 /",
  "> /dev/sd",
  "shutdown",
  "reboot",
  "poweroff",
  "format c:",
] as const;

/** Lower case, every run of whitespace one space, `>` always followed by one space. */
function normalise(command: string): string {
  return command.toLowerCase().replace(/\s+/g, " ").replace(/> ?/g, "> ");
}

const compact = (text: string): string => text.replace(/\s+/g, "");

/** Throws `PermissionDenied` when the command contains a denylisted pattern. */
export function checkDenylist(command: string): void {
  const normal = `${normalise(command)} `;
  const spaceless = compact(command.toLowerCase());
  for (const pattern of DENYLIST) {
    // The fork bomb is dangerous however it is spaced; the others are matched word by word.
    const hit = pattern.startsWith(":(") ? spaceless.includes(compact(pattern)) : normal.includes(normalise(pattern));
    if (hit) throw new ToolError("PermissionDenied", `the command matches the denylist pattern "${pattern}"`);
  }
}

/** Splits a shell command line at `&&`, `||`, `;`, `|`, `&` and newlines (not at `2>&1`). */
export function commandSegments(command: string): string[] {
  return command
    .split(/&&|\|\||;|\|&?|\n|(?<![<>])&(?!>)/)
    .map((segment) => segment.trim())
    .filter((segment) => segment.length > 0);
}

/** The program a segment runs: its first word after any `NAME=value` assignments. */
function programOf(segment: string): string {
  const words = segment.split(/\s+/);
  return words.find((word) => !/^[A-Za-z_][A-Za-z0-9_]*=/.test(word)) ?? "";
}

function segmentAllowed(segment: string, allow: readonly string[]): boolean {
  const program = programOf(segment);
  const normalSegment = segment.replace(/\s+/g, " ");
  return allow.some((pattern) =>
    /\s/.test(pattern) || hasGlobSyntax(pattern)
      ? globToRegExp(pattern.trim().replace(/\s+/g, " "), { crossSegments: true }).test(normalSegment)
      : program === pattern,
  );
}

/**
 * Allowlist mode (`tools.exec.allow`): every segment of the command line must run an
 * allowed program (a plain name matches the program exactly) or match an allowed glob
 * (e.g. `"git *"`). Command substitution is refused outright, since it hides commands.
 */
export function checkAllowlist(command: string, allow: readonly string[] | undefined): void {
  if (!allow) return;
  if (/\$\(|`|<\(|>\(/.test(command)) {
    throw new ToolError("PermissionDenied", "command substitution is not allowed in allowlist mode (tools.exec.allow)");
  }
  for (const segment of commandSegments(command)) {
    if (!segmentAllowed(segment, allow)) {
      throw new ToolError(
        "PermissionDenied",
        `"${segment}" is not in the allowed commands (tools.exec.allow: ${allow.join(", ") || "none"})`,
      );
    }
  }
}
