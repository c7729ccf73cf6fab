import type { ShellNode } from "@ericcornelissen/bash-parser";
import { CommandRefused } from "./command-refused.js";
import { extractHeredocs } from "./heredocs.js";
import { lengthProblem, PARSE_BUDGET_MS, parseShell, wordsLength } from "./shell-parse.js";

/**
 * The command guard: parses a command line as the shell will (quotes removed, escapes
 * resolved) and checks every simple command in the tree (pipelines, lists, subshells,
 * functions, substitutions, `sh -c` strings). It is a speed bump against a confused or
 * injected model, not a boundary: the sandbox is the boundary. What it cannot parse, or
 * not within its time budget, it refuses.
 */

/** `sh -c` strings inside `sh -c` strings are followed this deep; deeper is refused. */
const MAX_SCRIPT_DEPTH = 8;

/** Programs refused wherever they appear. */
const REFUSED = new Set(["sudo", "su", "doas", "pkexec", "eval", "shutdown", "reboot", "poweroff", "halt", "mke2fs"]);
/** Programs that run the program named by their first operand (after their own options). */
const WRAPPERS = new Set([
  "env",
  "nohup",
  "nice",
  "timeout",
  "stdbuf",
  "setsid",
  "exec",
  "command",
  "builtin",
  "time",
  "xargs",
  "busybox",
  "chroot",
  "unshare",
  "ionice",
  "taskset",
]);
const SHELLS = new Set(["sh", "bash", "dash", "zsh", "ksh", "mksh", "ash", "fish", "csh", "tcsh"]);
const INTERPRETERS = new Set([
  "python",
  "python2",
  "python3",
  "perl",
  "ruby",
  "node",
  "nodejs",
  "php",
  "lua",
  "rscript",
  "bun",
  "deno",
  "osascript",
  "tclsh",
  "awk",
  "gawk",
  "mawk",
]);
/** Interpreter flags that give the program on the command line (so it does not come from stdin). */
const INLINE_PROGRAM_FLAGS = /^(-[a-zA-Z]*[ceEmp][a-zA-Z]*|--eval|--command|--print)$/;
const BLOCK_DEVICE = /^\/dev\/(sd|hd|vd|xvd|nvme|mmcblk|disk|md|dm-|loop)/;
const WORLD_WRITABLE_MODE = /^(0?777|[ugoa]*\+rwx|a=rwx)$/;

function refuse(reason: string): never {
  throw new CommandRefused(`${reason} (the command guard refuses it; see docs/security.md)`);
}

const isFlag = (word: string): boolean => word.startsWith("-") && word !== "-" && word !== "--";

/** Short flags as one set (`-fr` and `-r -f` are the same), long flags by name. */
function flagsOf(words: readonly string[]): Set<string> {
  const flags = new Set<string>();
  for (const word of words) {
    if (word === "--") break;
    if (word.startsWith("--")) flags.add(word.slice(2).split("=")[0]!);
    else if (isFlag(word)) for (const letter of word.slice(1)) flags.add(letter);
  }
  return flags;
}

const operandsOf = (words: readonly string[]): string[] => words.filter((word) => !isFlag(word));
const programName = (word: string): string => (word.split("/").pop() ?? word).toLowerCase();

/** What a wrapper runs: its words after its own options, assignments and numbers (`nice -n 5`, `timeout 10s`, `env A=1`). */
function wrappedCommand(words: readonly string[]): string[] {
  let index = 0;
  while (
    index < words.length &&
    (isFlag(words[index]!) || /^\w+=/.test(words[index]!) || /^\d+(\.\d+)?[smhd]?$/.test(words[index]!))
  )
    index++;
  return words.slice(index);
}

/**
 * Checks one program and its arguments after quote removal. `stdinFed` says whether
 * text from a pipe or a redirection reaches its standard input. The scripts a shell is
 * given to run (`sh -c '…'`) are added to `scripts`, for the caller to check in turn.
 */
export function checkArgv(argv: readonly string[], stdinFed: boolean, scripts: string[] = []): string[] {
  const [first, ...args] = argv;
  if (first === undefined) return scripts;
  const program = programName(first);
  if (first !== "[" && first !== "[[" && /[*?[]/.test(first)) refuse(`"${first}": a glob as the command name`);
  if (REFUSED.has(program)) refuse(`"${program}" is not allowed`);
  if (program.startsWith("mkfs")) refuse(`"${program}" formats a file system`);
  if (WRAPPERS.has(program)) return checkArgv(wrappedCommand(args), stdinFed, scripts);
  const flags = flagsOf(args);
  const operands = operandsOf(args);
  if (
    program === "rm" &&
    (flags.has("r") || flags.has("R") || flags.has("recursive")) &&
    (flags.has("f") || flags.has("force"))
  ) {
    const root = operands.find((operand) => operand.startsWith("/") || operand.startsWith("~"));
    if (root !== undefined) refuse(`"rm -rf ${root}": recursive forced removal of an absolute path`);
  }
  if (
    program === "chmod" &&
    operands.some((operand) => WORLD_WRITABLE_MODE.test(operand)) &&
    operands.some((operand) => operand.startsWith("/"))
  ) {
    refuse("chmod 777 on an absolute path");
  }
  if (program === "dd" && args.some((word) => word.startsWith("if="))) refuse(`"dd if=…" (in any argument order)`);
  if (program === "format" && args.some((word) => /^[a-z]:$/i.test(word))) refuse("format of a drive");
  if (SHELLS.has(program)) {
    const inline = args.findIndex((word) => isFlag(word) && !word.startsWith("--") && word.includes("c"));
    if (inline !== -1) {
      const script = args.slice(inline + 1).find((word) => !isFlag(word));
      if (script !== undefined) scripts.push(script);
      return scripts;
    }
    if (stdinFed && (operands.length === 0 || flags.has("s")))
      refuse(`text piped into "${program}": a shell reading its program from stdin`);
    return scripts;
  }
  if (INTERPRETERS.has(program)) {
    const inline = args.some((word) => INLINE_PROGRAM_FLAGS.test(word));
    const fromStdin = !inline && (operands.length === 0 || operands[0] === "-");
    if (stdinFed && fromStdin) refuse(`text piped into "${program}": an interpreter reading its program from stdin`);
  }
  return scripts;
}

const wordsOf = (nodes: readonly ShellNode[] | undefined): ShellNode[] =>
  (nodes ?? []).filter((node) => node.type === "Word");
const redirectsOf = (command: ShellNode): ShellNode[] =>
  [...(command.prefix ?? []), ...(command.suffix ?? [])].filter((node) => node.type === "Redirect");

function checkSimpleCommand(command: ShellNode, stdinFed: boolean, scripts: string[]): void {
  const redirects = redirectsOf(command);
  for (const redirect of redirects) {
    const target = redirect.file?.text ?? "";
    if (/>/.test(redirect.op?.text ?? "") && BLOCK_DEVICE.test(target)) refuse(`writing to the block device ${target}`);
  }
  const name = command.name;
  if (!name) return;
  if (name.expansion?.length)
    refuse(`"${name.text ?? ""}": a variable or substitution as the command name cannot be checked`);
  const fedByRedirect = redirects.some((redirect) => redirect.op?.text === "<" || redirect.op?.text === "<>");
  checkArgv(
    [name.text ?? "", ...wordsOf(command.suffix).map((word) => word.text ?? "")],
    stdinFed || fedByRedirect,
    scripts,
  );
}

/** Names of the commands a subtree runs. */
function commandNames(node: unknown, into: Set<string> = new Set()): Set<string> {
  if (Array.isArray(node)) {
    for (const child of node) commandNames(child, into);
  } else if (node && typeof node === "object") {
    const shellNode = node as ShellNode;
    if (shellNode.type === "Command" && shellNode.name?.text) into.add(shellNode.name.text);
    for (const value of Object.values(shellNode)) if (value && typeof value === "object") commandNames(value, into);
  }
  return into;
}

/** Walks the whole tree: every simple command is checked, every substitution's tree too; `sh -c` scripts go to `scripts`. */
function walk(node: unknown, scripts: string[], stdinFed = false): void {
  if (Array.isArray(node)) {
    for (const child of node) walk(child, scripts, stdinFed);
    return;
  }
  if (!node || typeof node !== "object") return;
  const shellNode = node as ShellNode;
  switch (shellNode.type) {
    case "Pipeline":
      for (const [index, command] of (shellNode.commands ?? []).entries())
        walk(command, scripts, stdinFed || index > 0);
      return;
    case "Function": {
      const name = shellNode.name?.text ?? "";
      if (commandNames(shellNode.body).has(name)) refuse(`the function "${name}" calls itself (a fork bomb)`);
      break;
    }
    case "Command":
      checkSimpleCommand(shellNode, stdinFed, scripts);
      break;
  }
  for (const [key, value] of Object.entries(shellNode)) {
    if (key === "loc" || !value || typeof value !== "object") continue;
    if (key === "commandAST") walk(value, scripts);
    // A compound command's body (a subshell, a loop, a brace group) reads the same stdin.
    else walk(value, scripts, shellNode.type === "Command" ? false : stdinFed);
  }
}

function refuseTooBig(reason: string): never {
  return refuse(`the command cannot be checked: ${reason}; write long programs to a file and run that`);
}

/**
 * Checks a program run without a shell (`spawn`): refused, as a command line is, when its words
 * together are longer than the guard checks; then the program, and every `sh -c` script it is given.
 */
export async function checkProgramWords(argv: readonly string[]): Promise<void> {
  const tooLong = lengthProblem(wordsLength(argv));
  if (tooLong) refuseTooBig(tooLong);
  for (const script of checkArgv(argv, false)) await checkCommandLine(script, 1);
}

async function parseOrRefuse(source: string): Promise<ShellNode> {
  const outcome = await parseShell(source);
  switch (outcome.type) {
    case "parsed":
      return outcome.ast;
    case "too-big":
      return refuseTooBig(outcome.reason);
    case "too-slow":
      return refuse(
        `the command could not be checked within ${PARSE_BUDGET_MS} ms (${source.length} characters); ` +
          "write long programs to a file and run that",
      );
    case "unparseable": {
      const reason = outcome.reason.split("\n")[0]!.replace(/^Error: /, "");
      return refuse(`the command could not be parsed (${reason}), so it cannot be checked; write it in plain POSIX sh`);
    }
  }
}

const countHeredocOperators = (node: unknown): number => {
  if (Array.isArray(node)) return node.reduce((sum: number, child) => sum + countHeredocOperators(child), 0);
  if (!node || typeof node !== "object") return 0;
  const own = String((node as ShellNode).type).startsWith("dless") ? 1 : 0;
  return (
    own +
    Object.values(node).reduce(
      (sum: number, value) => sum + (value && typeof value === "object" ? countHeredocOperators(value) : 0),
      0,
    )
  );
};

/**
 * Checks a command line for `sh -c`: rejects with `PermissionDenied` naming the rule it
 * breaks. Here-documents are cut out first (the parser does not know them); an unquoted
 * one's substitutions are checked like any other command, and so is every `sh -c` script.
 */
export async function checkCommandLine(source: string, depth = 0): Promise<void> {
  if (depth > MAX_SCRIPT_DEPTH) refuse(`sh -c nested deeper than ${MAX_SCRIPT_DEPTH}`);
  const { script, heredocs } = extractHeredocs(source);
  if (heredocs.length > 0) {
    // Every "<<" found by the cutter must be an operator the parser sees too, or a body could hide commands.
    const operators = countHeredocOperators(
      await parseOrRefuse(
        source
          .split("\n")
          .filter((_line, index) => heredocs.every((heredoc) => index < heredoc.firstLine || index > heredoc.lastLine))
          .join("\n"),
      ),
    );
    if (operators !== heredocs.length)
      refuse("the here-documents of this command could not be told apart from its commands");
  }
  const scripts: string[] = [];
  walk(await parseOrRefuse(script), scripts);
  for (const heredoc of heredocs) {
    if (heredoc.expands && /\$\(|`/.test(heredoc.body))
      walk(await parseOrRefuse(`: "${heredoc.body.replace(/\\?"/g, '\\"')}"`), scripts);
  }
  for (const nested of scripts) await checkCommandLine(nested, depth + 1);
}
