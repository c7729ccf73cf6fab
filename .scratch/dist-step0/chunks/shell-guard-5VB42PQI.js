#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);

import { CommandRefused } from "./chunk-5QAVSRNS.js";
import "./chunk-GZ7VATWC.js";
var OPERATOR = /<<(-?)[ \t]*(?:'([^'\n]*)'|"([^"\n]*)"|\\?([A-Za-z0-9_.-]+))/g;
function extractHeredocs(source) {
  const lines = source.split(`
`),
    heredocs = [],
    out = [];
  for (let index = 0; index < lines.length; index++) {
    const pending = [];
    out.push(
      lines[index].replace(
        OPERATOR,
        (_match, dash, single, double, bare) => (
          pending.push({
            delimiter: single ?? double ?? bare ?? "",
            stripTabs: dash === "-",
            expands: bare !== void 0 && !_match.includes("\\"),
          }),
          "<__heredoc__"
        ),
      ),
    );
    for (const { delimiter, stripTabs, expands } of pending) {
      const firstLine = index + 1,
        body = [];
      for (; ++index < lines.length; ) {
        const line = stripTabs ? lines[index].replace(/^\t+/, "") : lines[index];
        if (line === delimiter) break;
        body.push(line);
      }
      for (let line = firstLine; line <= Math.min(index, lines.length - 1); line++) out.push("");
      heredocs.push({
        body: body.join(`
`),
        expands,
        firstLine,
        lastLine: index,
      });
    }
  }
  return {
    script: out.join(`
`),
    heredocs,
  };
}
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
var PARSE_BUDGET_MS = 100,
  PARSE_WALL_LIMIT_MS = 3e3,
  POLL_MS = 20,
  MAX_COMMAND_CHARS = 64 * 1024,
  MAX_NESTING = 32,
  WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const parse = require(workerData.parser);
parentPort.on("message", (source) => {
  try {
    parentPort.postMessage({ ast: parse(source, { mode: "bash" }) });
  } catch (error) {
    parentPort.postMessage({ error: String((error && error.message) || error) });
  }
});
// Warm up before the first budgeted parse: a cold parser is many times slower than a warm one.
for (let round = 0; round < 20; round++)
  parse('cd "$d" && git log --oneline | head -n 5 > out.txt; for f in *.md; do echo "$(wc -l < "$f")"; done', { mode: "bash" });
let stat;
try {
  stat = "/proc/" + require("node:fs").readlinkSync("/proc/thread-self") + "/stat";
} catch {}
parentPort.postMessage({ ready: true, stat });
`;
function sizeProblem(source) {
  if (source.length > MAX_COMMAND_CHARS)
    return `it is ${source.length} characters long (the guard checks at most ${MAX_COMMAND_CHARS})`;
  let depth = 0,
    backticks = !1;
  for (const char of source)
    if (
      (char === "(" || char === "{"
        ? depth++
        : (char === ")" || char === "}") && depth > 0
          ? depth--
          : char === "`" && ((backticks = !backticks), (depth += backticks ? 1 : -1)),
      depth > MAX_NESTING)
    )
      return `it nests parentheses, braces or substitutions deeper than ${MAX_NESTING}`;
}
async function threadCpuMs(stat) {
  if (!stat) return;
  const text = await readFile(stat, "utf8").catch(() => {});
  if (!text) return;
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" "),
    ticks = Number(fields[11]) + Number(fields[12]);
  return Number.isFinite(ticks) ? ticks * 10 : void 0;
}
var current,
  queue = Promise.resolve();
async function startWorker() {
  const { Worker } = await import("node:worker_threads"),
    parser = createRequire(import.meta.url).resolve("@ericcornelissen/bash-parser"),
    worker = new Worker(WORKER_SOURCE, { eval: !0, workerData: { parser } });
  worker.unref();
  const ready = new Promise((resolve) => {
    worker.once("message", (message) => resolve(message)),
      worker.once("error", () => resolve(!1)),
      worker.once("exit", () => resolve(!1));
  });
  return { worker, ready };
}
async function parseNow(source, budgetMs) {
  current ??= await startWorker();
  const parser = current,
    ready = await parser.ready;
  if (!ready) return (current = void 0), { type: "unparseable", reason: "the parser could not start" };
  let { worker } = parser,
    timer,
    stopped = () => {
      current === parser && (current = void 0);
    },
    cpuBefore = await threadCpuMs(ready.stat),
    started = performance.now();
  try {
    return await new Promise((resolve) => {
      let settled = !1,
        finish = (outcome) => {
          (settled = !0), resolve(outcome);
        },
        overBudget = async () => {
          const wall = performance.now() - started;
          if (wall >= PARSE_WALL_LIMIT_MS) return !0;
          const cpu = await threadCpuMs(ready.stat);
          return cpu === void 0 || cpuBefore === void 0 ? wall >= budgetMs : cpu - cpuBefore >= budgetMs;
        };
      (timer = setInterval(() => {
        overBudget().then((over) => {
          !over || settled || (stopped(), worker.terminate(), finish({ type: "too-slow" }));
        });
      }, POLL_MS)),
        timer.unref(),
        worker.once("message", (answer) =>
          finish(
            answer.ast ? { type: "parsed", ast: answer.ast } : { type: "unparseable", reason: answer.error ?? "?" },
          ),
        ),
        worker.once("exit", () => {
          stopped(), finish({ type: "unparseable", reason: "the parser stopped" });
        }),
        worker.postMessage(source);
    });
  } finally {
    clearInterval(timer), worker.removeAllListeners("message"), worker.removeAllListeners("exit");
  }
}
function parseShell(source, budgetMs = PARSE_BUDGET_MS) {
  const problem = sizeProblem(source);
  if (problem) return Promise.resolve({ type: "too-big", reason: problem });
  const run = queue.then(() => parseNow(source, budgetMs));
  return (queue = run.catch(() => {})), run;
}
var MAX_SCRIPT_DEPTH = 8,
  REFUSED = new Set(["sudo", "su", "doas", "pkexec", "eval", "shutdown", "reboot", "poweroff", "halt", "mke2fs"]),
  WRAPPERS = new Set([
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
  ]),
  SHELLS = new Set(["sh", "bash", "dash", "zsh", "ksh", "mksh", "ash", "fish", "csh", "tcsh"]),
  INTERPRETERS = new Set([
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
  ]),
  INLINE_PROGRAM_FLAGS = /^(-[a-zA-Z]*[ceEmp][a-zA-Z]*|--eval|--command|--print)$/,
  BLOCK_DEVICE = /^\/dev\/(sd|hd|vd|xvd|nvme|mmcblk|disk|md|dm-|loop)/,
  WORLD_WRITABLE_MODE = /^(0?777|[ugoa]*\+rwx|a=rwx)$/;
function refuse(reason) {
  throw new CommandRefused(`${reason} (the command guard refuses it; see docs/security.md)`);
}
var isFlag = (word) => word.startsWith("-") && word !== "-" && word !== "--";
function flagsOf(words) {
  const flags = new Set();
  for (const word of words) {
    if (word === "--") break;
    if (word.startsWith("--")) flags.add(word.slice(2).split("=")[0]);
    else if (isFlag(word)) for (const letter of word.slice(1)) flags.add(letter);
  }
  return flags;
}
var operandsOf = (words) => words.filter((word) => !isFlag(word)),
  programName = (word) => (word.split("/").pop() ?? word).toLowerCase();
function wrappedCommand(words) {
  let index = 0;
  for (
    ;
    index < words.length &&
    (isFlag(words[index]) || /^\w+=/.test(words[index]) || /^\d+(\.\d+)?[smhd]?$/.test(words[index]));
  )
    index++;
  return words.slice(index);
}
function checkArgv(argv, stdinFed, scripts = []) {
  const [first, ...args] = argv;
  if (first === void 0) return scripts;
  const program = programName(first);
  if (
    (first !== "[" && first !== "[[" && /[*?[]/.test(first) && refuse(`"${first}": a glob as the command name`),
    REFUSED.has(program) && refuse(`"${program}" is not allowed`),
    program.startsWith("mkfs") && refuse(`"${program}" formats a file system`),
    WRAPPERS.has(program))
  )
    return checkArgv(wrappedCommand(args), stdinFed, scripts);
  const flags = flagsOf(args),
    operands = operandsOf(args);
  if (
    program === "rm" &&
    (flags.has("r") || flags.has("R") || flags.has("recursive")) &&
    (flags.has("f") || flags.has("force"))
  ) {
    const root = operands.find((operand) => operand.startsWith("/") || operand.startsWith("~"));
    root !== void 0 && refuse(`"rm -rf ${root}": recursive forced removal of an absolute path`);
  }
  if (
    (program === "chmod" &&
      operands.some((operand) => WORLD_WRITABLE_MODE.test(operand)) &&
      operands.some((operand) => operand.startsWith("/")) &&
      refuse("chmod 777 on an absolute path"),
    program === "dd" && args.some((word) => word.startsWith("if=")) && refuse('"dd if=\u2026" (in any argument order)'),
    program === "format" && args.some((word) => /^[a-z]:$/i.test(word)) && refuse("format of a drive"),
    SHELLS.has(program))
  ) {
    const inline = args.findIndex((word) => isFlag(word) && !word.startsWith("--") && word.includes("c"));
    if (inline !== -1) {
      const script = args.slice(inline + 1).find((word) => !isFlag(word));
      return script !== void 0 && scripts.push(script), scripts;
    }
    return (
      stdinFed &&
        (operands.length === 0 || flags.has("s")) &&
        refuse(`text piped into "${program}": a shell reading its program from stdin`),
      scripts
    );
  }
  if (INTERPRETERS.has(program)) {
    const fromStdin =
      !args.some((word) => INLINE_PROGRAM_FLAGS.test(word)) && (operands.length === 0 || operands[0] === "-");
    stdinFed && fromStdin && refuse(`text piped into "${program}": an interpreter reading its program from stdin`);
  }
  return scripts;
}
var wordsOf = (nodes) => (nodes ?? []).filter((node) => node.type === "Word"),
  redirectsOf = (command) =>
    [...(command.prefix ?? []), ...(command.suffix ?? [])].filter((node) => node.type === "Redirect");
function checkSimpleCommand(command, stdinFed, scripts) {
  const redirects = redirectsOf(command);
  for (const redirect of redirects) {
    const target = redirect.file?.text ?? "";
    />/.test(redirect.op?.text ?? "") && BLOCK_DEVICE.test(target) && refuse(`writing to the block device ${target}`);
  }
  const name = command.name;
  if (!name) return;
  name.expansion?.length &&
    refuse(`"${name.text ?? ""}": a variable or substitution as the command name cannot be checked`);
  const fedByRedirect = redirects.some((redirect) => redirect.op?.text === "<" || redirect.op?.text === "<>");
  checkArgv(
    [name.text ?? "", ...wordsOf(command.suffix).map((word) => word.text ?? "")],
    stdinFed || fedByRedirect,
    scripts,
  );
}
function commandNames(node, into = new Set()) {
  if (Array.isArray(node)) for (const child of node) commandNames(child, into);
  else if (node && typeof node == "object") {
    const shellNode = node;
    shellNode.type === "Command" && shellNode.name?.text && into.add(shellNode.name.text);
    for (const value of Object.values(shellNode)) value && typeof value == "object" && commandNames(value, into);
  }
  return into;
}
function walk(node, scripts, stdinFed = !1) {
  if (Array.isArray(node)) {
    for (const child of node) walk(child, scripts, stdinFed);
    return;
  }
  if (!node || typeof node != "object") return;
  const shellNode = node;
  switch (shellNode.type) {
    case "Pipeline":
      for (const [index, command] of (shellNode.commands ?? []).entries())
        walk(command, scripts, stdinFed || index > 0);
      return;
    case "Function": {
      const name = shellNode.name?.text ?? "";
      commandNames(shellNode.body).has(name) && refuse(`the function "${name}" calls itself (a fork bomb)`);
      break;
    }
    case "Command":
      checkSimpleCommand(shellNode, stdinFed, scripts);
      break;
  }
  for (const [key, value] of Object.entries(shellNode))
    key === "loc" ||
      !value ||
      typeof value != "object" ||
      (key === "commandAST"
        ? walk(value, scripts)
        : walk(value, scripts, shellNode.type === "Command" ? !1 : stdinFed));
}
async function parseOrRefuse(source) {
  const outcome = await parseShell(source);
  switch (outcome.type) {
    case "parsed":
      return outcome.ast;
    case "too-big":
      return refuse(`the command cannot be checked: ${outcome.reason}; write long programs to a file and run that`);
    case "too-slow":
      return refuse(
        `the command could not be checked within ${PARSE_BUDGET_MS} ms (${source.length} characters); write long programs to a file and run that`,
      );
    case "unparseable": {
      const reason = outcome.reason
        .split(`
`)[0]
        .replace(/^Error: /, "");
      return refuse(`the command could not be parsed (${reason}), so it cannot be checked; write it in plain POSIX sh`);
    }
  }
}
var countHeredocOperators = (node) =>
  Array.isArray(node)
    ? node.reduce((sum, child) => sum + countHeredocOperators(child), 0)
    : !node || typeof node != "object"
      ? 0
      : (String(node.type).startsWith("dless") ? 1 : 0) +
        Object.values(node).reduce(
          (sum, value) => sum + (value && typeof value == "object" ? countHeredocOperators(value) : 0),
          0,
        );
async function checkCommandLine(source, depth = 0) {
  depth > MAX_SCRIPT_DEPTH && refuse(`sh -c nested deeper than ${MAX_SCRIPT_DEPTH}`);
  const { script, heredocs } = extractHeredocs(source);
  heredocs.length > 0 &&
    countHeredocOperators(
      await parseOrRefuse(
        source
          .split(`
`)
          .filter((_line, index) => heredocs.every((heredoc) => index < heredoc.firstLine || index > heredoc.lastLine))
          .join(`
`),
      ),
    ) !== heredocs.length &&
    refuse("the here-documents of this command could not be told apart from its commands");
  const scripts = [];
  walk(await parseOrRefuse(script), scripts);
  for (const heredoc of heredocs)
    heredoc.expands &&
      /\$\(|`/.test(heredoc.body) &&
      walk(await parseOrRefuse(`: "${heredoc.body.replace(/\\?"/g, '\\"')}"`), scripts);
  for (const nested of scripts) await checkCommandLine(nested, depth + 1);
}
export { checkArgv, checkCommandLine };
//# sourceMappingURL=shell-guard-5VB42PQI.js.map
