import { globToRegExp, hasGlobSyntax } from "../util/glob.js";
import { CommandRefused } from "./command-refused.js";
import { extractHeredocs } from "./heredocs.js";
import { lengthProblem, MAX_COMMAND_CHARS, wordsLength } from "./shell-parse.js";

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
  const { checkProgramWords } = await import("./shell-guard.js");
  await checkProgramWords(argv);
}

/**
 * Whether the guard refuses this command line for its length alone, whatever else it holds (over 64 KB
 * less its here-document bodies, which the guard does not parse): it cannot run, approved or not, so
 * nobody need be asked about it.
 */
export function isCommandTooLongToCheck(command: string): boolean {
  return command.length > MAX_COMMAND_CHARS && lengthProblem(extractHeredocs(command).script.length) !== undefined;
}

/** Whether the guard refuses a program run without a shell (`spawn`) for its length alone (see above). */
export function isProgramTooLongToCheck(argv: readonly string[]): boolean {
  return lengthProblem(wordsLength(argv)) !== undefined;
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
  // Not split and matched (100,000 pipes are 100,000 segments): a line that long is no allowed command.
  if (command.length > MAX_COMMAND_CHARS) {
    throw new CommandRefused(
      `the command line is ${command.length} characters long; allowlist mode (tools.exec.allow) matches at most ${MAX_COMMAND_CHARS}`,
    );
  }
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
