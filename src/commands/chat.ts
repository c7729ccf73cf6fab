import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { createInterface, type Interface } from "node:readline";
import type { TurnOutcome } from "../agent/agent-loop.js";
import type { TerminalChannel } from "../channel-kit/channel-descriptor.js";
import { loadConfig } from "../config/load.js";
import { modelConfigured, NO_MODEL_MESSAGE } from "../config/model-configured.js";
import { configSecrets } from "../config/secrets.js";
import { scrubInitialEnvironment } from "../sandbox/index.js";
import { writeFileAtomic } from "../util/atomic-write.js";
import { Redactor } from "../util/redactor.js";
import type { GlobalOptions } from "./command-support.js";
import { fail, reportFatal, writeOut } from "./command-support.js";

export interface ChatOptions extends GlobalOptions {
  /** `-m`: one message, its reply printed, then exit. */
  message?: string;
  /** `--agent <id>`: the agent of `agents.list` that answers (default: the bindings' for the terminal). */
  agent?: string;
}

/**
 * `skein chat`: talk to the agent in the terminal through the `cli` channel. In a
 * terminal: line editing and history (kept in `$SKEIN_HOME/chat-history`), a working
 * indicator, a dim line per tool call, the reply streamed and its Markdown rendered;
 * Ctrl-D or Ctrl-C on an empty line quits. From a pipe it reads lines and prints each
 * reply on stdout; with `-m` it sends one message and exits (non-zero, with the reason
 * on stderr, if the turn failed).
 */
export async function run(options: ChatOptions): Promise<number> {
  scrubInitialEnvironment(); // as `skein start` does: no secrets in /proc/<pid>/environ for the commands run
  const [{ createDaemon }, { terminalChannel }] = await Promise.all([
    import("../daemon.js"),
    import("../channel-catalog/loader.js"),
  ]);
  const terminal = terminalChannel();
  const createTerminal = await terminal.load();
  const replies: string[] = [];
  const oneShot = options.message !== undefined;
  let printing: Promise<void> = Promise.resolve();
  const onReply = (text: string) => {
    if (oneShot) replies.push(text);
    else printing = printing.then(() => writeOut(`${text}\n`));
  };
  let cli!: TerminalChannel;
  const questions = terminalQuestions();
  const interactive = !oneShot && process.stdin.isTTY === true && process.stdout.isTTY === true;
  let loaded: Awaited<ReturnType<typeof loadConfig>>;
  try {
    loaded = await loadConfig({ configPath: options.config });
  } catch (error) {
    return reportFatal(error);
  }
  if (!modelConfigured(loaded.config)) {
    fail(NO_MODEL_MESSAGE);
    return 1;
  }
  const redactor = new Redactor(configSecrets(loaded.config));
  /** A failed turn in one line: what the operator must do (when it is theirs to fix), and the cause. */
  const failureLine = (outcome: TurnOutcome) => {
    const cause = redactor.redact(outcome.error ?? "the turn failed");
    return outcome.remedy ? `${outcome.remedy} (${cause})` : cause;
  };
  if (options.agent !== undefined) {
    const { resolveAgents } = await import("../routing/agent-spec.js");
    const ids = resolveAgents(loaded.config, loaded).map((agent) => agent.id);
    if (!ids.includes(options.agent)) {
      fail(`chat: there is no agent "${options.agent}" (agents: ${ids.join(", ")})`);
      return 1;
    }
  }
  const daemon = createDaemon({
    loaded,
    ...(options.agent !== undefined && { agent: options.agent }),
    platformChannels: false,
    durable: false,
    // On a terminal a failure is one plain line of its own (below), not a log line too.
    logLevel: process.env.SKEIN_LOG_LEVEL || (process.stderr.isTTY ? "fatal" : "error"),
    channels: [
      {
        name: terminal.name,
        create: ({ bus, approvals }) =>
          (cli = createTerminal({
            bus,
            onReply,
            ...(interactive ? { terminal: process.stdout } : {}),
            ...(approvals && !oneShot ? { approvals, confirm: questions.confirm } : {}),
          })),
      },
    ],
  });
  const waiting = new Map<string, (outcome: TurnOutcome) => void>();
  daemon.onOutcome((outcome) => {
    waiting.get(outcome.message.id)?.(outcome);
    waiting.delete(outcome.message.id);
  });
  const remedies = new Set<string>();
  const ask = (text: string) =>
    new Promise<TurnOutcome>((resolve) => {
      waiting.set(cli.say(text).id, resolve);
    }).then((outcome) => {
      // In a conversation the apology is the reply; the operator's fix is said once, below it.
      if (!oneShot && outcome.remedy && !remedies.has(outcome.remedy)) {
        remedies.add(outcome.remedy);
        fail(failureLine(outcome));
      }
      return outcome;
    });

  try {
    await daemon.start();
  } catch (error) {
    await daemon.stop().catch(() => undefined);
    return reportFatal(error);
  }
  // SIGINT/SIGTERM: stop reading, let the turn in flight finish (and print), then exit; a second signal exits at once.
  let lines: Interface | undefined;
  let signalled = false;
  const onSignal = () => {
    if (signalled) process.exit(130);
    signalled = true;
    process.stderr.write("skein: finishing the current reply, then exiting (signal again to quit now)\n");
    lines?.close();
    void daemon.stop();
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  try {
    if (oneShot) {
      const outcome = await ask(options.message!);
      if (outcome.status === "failed") {
        fail(failureLine(outcome));
        return 1;
      }
      if (outcome.status === "gated" && outcome.reply === undefined) {
        fail("the message was not admitted");
        return 1;
      }
      await writeOut(replies.map((reply) => `${reply}\n`).join(""));
      return 0;
    }
    if (interactive) {
      const editor = await openPrompt(join(loaded.home, "chat-history"));
      lines = editor.prompt;
      const prompt = lines;
      await converse(
        prompt,
        (text) => questions.answerWhile(ask(text), prompt),
        () => signalled,
      );
      await editor.saveHistory();
      return 0;
    }
    lines = createInterface({ input: process.stdin, terminal: false });
    for await (const line of lines) {
      if (signalled) break;
      if (line.trim() !== "") {
        await questions.answerWhile(ask(line), lines);
        await printing;
      }
    }
    return 0;
  } finally {
    await daemon.stop();
    await printing;
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
  }
}

/**
 * Approval questions (`tools.approval: ask`): the terminal channel asks through `confirm`,
 * and the line typed next while the turn waits is the answer (read from the same lines, so
 * a pipe's next line answers too).
 */
function terminalQuestions() {
  let question: { text: string; answer: (line: string) => void } | undefined;
  let wake = () => {};
  return {
    confirm: (text: string) =>
      new Promise<string>((answer) => {
        question = { text, answer };
        wake();
      }),
    async answerWhile<Result>(turn: Promise<Result>, lines: Interface): Promise<Result> {
      const input = lines[Symbol.asyncIterator]();
      let ended = false;
      void turn.finally(() => {
        ended = true;
        wake();
      });
      for (;;) {
        await new Promise<void>((resolve) => {
          wake = resolve;
          if (ended || question) resolve();
        });
        if (!question) return turn;
        const { text, answer } = question;
        question = undefined;
        process.stderr.write(text);
        const next = await input.next();
        answer(next.done ? "" : String(next.value));
      }
    },
  };
}

const dim = (text: string) => (process.env.NO_COLOR ? text : `\x1b[2m${text}\x1b[22m`);
const helpText =
  "Type a message and press Enter. /new starts a fresh conversation, /help asks the agent what it can do; " +
  "Up and Down recall earlier lines; Ctrl-C clears the line (or, on an empty one, quits), Ctrl-D quits.";
/** Lines of history kept between sessions. */
const historySize = 500;

/** The line editor of an interactive chat, with the history of earlier sessions, and how to save it (mode 0600). */
async function openPrompt(historyFile: string): Promise<{ prompt: Interface; saveHistory: () => Promise<void> }> {
  const saved = await readFile(historyFile, "utf8").catch(() => "");
  const history = saved.split("\n").filter(Boolean).reverse().slice(0, historySize);
  const prompt = createInterface({
    input: process.stdin,
    output: process.stdout,
    terminal: true,
    history,
    historySize,
    removeHistoryDuplicates: true,
    prompt: "› ",
  });
  let latest = history;
  prompt.on("history", (lines: string[]) => (latest = lines));
  const saveHistory = () =>
    writeFileAtomic(historyFile, `${[...latest].reverse().join("\n")}\n`).catch(() => undefined);
  return { prompt, saveHistory };
}

/**
 * The interactive loop: one line, one turn, then the prompt again. Ctrl-C clears a typed
 * line; on an empty line it quits; while the agent works, the reply is finished first
 * (a second Ctrl-C quits at once).
 */
async function converse(prompt: Interface, ask: (text: string) => Promise<unknown>, stopped: () => boolean) {
  let busy = false;
  let quitting = false;
  // Ctrl-D while the agent works closes the editor: the reply is finished, then the chat ends.
  let closed = false;
  prompt.once("close", () => (closed = true));
  prompt.on("SIGINT", () => {
    if (prompt.line) {
      prompt.write(null, { ctrl: true, name: "u" });
      return;
    }
    if (!busy) return prompt.close();
    if (quitting) process.exit(130);
    quitting = true;
    process.stdout.write(`\n${dim("finishing the current reply, then exiting (Ctrl-C again to quit now)")}\n`);
  });
  process.stdout.write(`${dim(`skein chat. ${helpText}`)}\n\n`);
  prompt.prompt();
  for await (const line of prompt) {
    if (stopped()) break;
    const text = line.trim();
    if (text === "/help") process.stdout.write(`${dim(helpText)}\n`);
    if (text !== "") {
      busy = true;
      await ask(text);
      busy = false;
      process.stdout.write("\n");
    }
    if (closed || quitting || stopped()) break;
    prompt.prompt();
  }
  prompt.close();
}
