import { globToRegExp, hasGlobSyntax } from "../util/glob.js";
import { CommandRefused } from "./command-refused.js";

/**
 * Examples of what the command guard (shell-guard.ts) refuses, however they are spelled
 * (quotes, escapes, flag order, wrappers): the classic denylist.
 */
export const DENYLIST = [
  "rm -rf /",
  "sudo true",
  "mkfs --version",
  "dd if=/dev/zero of=/dev/null count=1",
  ":(){ :|:& };:",
  "chmod 777 /",
  "echo x > /dev/sda",
  "shutdown --help",
  "reboot --help",
  "poweroff --help",
  "format c:",
] as const;

/** Throws `PermissionDenied` when the shell command line runs something the guard refuses. */
export async function checkDenylist(command: string): Promise<void> {
  const { checkCommandLine } = await import("./shell-guard.js");
  await checkCommandLine(command);
}

/** Throws `PermissionDenied` when a program run without a shell (`spawn`) is one the guard refuses. */
export async function checkProgram(argv: readonly string[]): Promise<void> {
  const { checkArgv, checkCommandLine } = await import("./shell-guard.js");
  for (const script of checkArgv(argv, false)) await checkCommandLine(script, 1);
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
 * Whether the whole command line is covered by `tools.exec.allow` (every segment allowed, no
 * command substitution): such commands run without asking under `tools.approval: ask`.
 */
export function isAllowlisted(command: string, allow: readonly string[] | undefined): boolean {
  if (!allow) return false;
  try {
    checkAllowlist(command, allow);
    return true;
  } catch {
    return false;
  }
}

/**
 * Allowlist mode (`tools.exec.allow`): every segment of the command line must run an
 * allowed program (a plain name matches the program exactly) or match an allowed glob
 * (e.g. `"git *"`). Command substitution is refused outright, since it hides commands.
 */
export function checkAllowlist(command: string, allow: readonly string[] | undefined): void {
  if (!allow) return;
  if (/\$\(|`|<\(|>\(/.test(command)) {
    throw new CommandRefused("command substitution is not allowed in allowlist mode (tools.exec.allow)");
  }
  for (const segment of commandSegments(command)) {
    if (!segmentAllowed(segment, allow)) {
      throw new CommandRefused(
        `"${segment}" is not in the allowed commands (tools.exec.allow: ${allow.join(", ") || "none"})`,
      );
    }
  }
}
