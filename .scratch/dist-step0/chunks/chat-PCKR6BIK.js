#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);
import { loadConfig } from "./chunk-E3XL2VA2.js";
import { fail, reportFatal, writeOut } from "./chunk-GOYGBFST.js";
import "./chunk-MSZBOYJI.js";
import "./chunk-PSIFTLKK.js";
import "./chunk-BPOSQNOK.js";
import { scrubInitialEnvironment } from "./chunk-2C6HCPTY.js";
import { writeFileAtomic } from "./chunk-VWMAGS7D.js";
import "./chunk-GZ7VATWC.js";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { createInterface } from "node:readline";
async function run(options) {
  scrubInitialEnvironment();
  let [{ createDaemon }, { terminalChannel }] = await Promise.all([
      import("./daemon-TIMUGTM6.js"),
      import("./loader-X245EL3Q.js"),
    ]),
    terminal = terminalChannel(),
    createTerminal = await terminal.load(),
    replies = [],
    oneShot = options.message !== void 0,
    printing = Promise.resolve(),
    onReply = (text) => {
      oneShot
        ? replies.push(text)
        : (printing = printing.then(() =>
            writeOut(`${text}
`),
          ));
    },
    cli,
    questions = terminalQuestions(),
    interactive = !oneShot && process.stdin.isTTY === !0 && process.stdout.isTTY === !0,
    loaded;
  try {
    loaded = await loadConfig({ configPath: options.config });
  } catch (error) {
    return reportFatal(error);
  }
  if (options.agent !== void 0) {
    const { resolveAgents } = await import("./agent-spec-CLZTE6HL.js"),
      ids = resolveAgents(loaded.config, loaded).map((agent) => agent.id);
    if (!ids.includes(options.agent))
      return fail(`chat: there is no agent "${options.agent}" (agents: ${ids.join(", ")})`), 1;
  }
  const daemon = createDaemon({
      loaded,
      ...(options.agent !== void 0 && { agent: options.agent }),
      platformChannels: !1,
      durable: !1,
      logLevel: process.env.SKEIN_LOG_LEVEL || "error",
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
    }),
    waiting = new Map();
  daemon.onOutcome((outcome) => {
    waiting.get(outcome.message.id)?.(outcome), waiting.delete(outcome.message.id);
  });
  const ask = (text) =>
    new Promise((resolve) => {
      waiting.set(cli.say(text).id, resolve);
    });
  try {
    await daemon.start();
  } catch (error) {
    return await daemon.stop().catch(() => {}), reportFatal(error);
  }
  let lines,
    signalled = !1,
    onSignal = () => {
      signalled && process.exit(130),
        (signalled = !0),
        process.stderr.write(`skein: finishing the current reply, then exiting (signal again to quit now)
`),
        lines?.close(),
        daemon.stop();
    };
  process.on("SIGINT", onSignal), process.on("SIGTERM", onSignal);
  try {
    if (oneShot) {
      const outcome = await ask(options.message);
      return outcome.status === "failed"
        ? (fail(outcome.error ?? "the turn failed"), 1)
        : outcome.status === "gated" && outcome.reply === void 0
          ? (fail("the message was not admitted"), 1)
          : (await writeOut(
              replies
                .map(
                  (reply) => `${reply}
`,
                )
                .join(""),
            ),
            0);
    }
    if (interactive) {
      const editor = await openPrompt(join(loaded.home, "chat-history"));
      lines = editor.prompt;
      const prompt = lines;
      return (
        await converse(
          prompt,
          (text) => questions.answerWhile(ask(text), prompt),
          () => signalled,
        ),
        await editor.saveHistory(),
        0
      );
    }
    lines = createInterface({ input: process.stdin, terminal: !1 });
    for await (const line of lines) {
      if (signalled) break;
      line.trim() !== "" && (await questions.answerWhile(ask(line), lines), await printing);
    }
    return 0;
  } finally {
    await daemon.stop(), await printing, process.off("SIGINT", onSignal), process.off("SIGTERM", onSignal);
  }
}
function terminalQuestions() {
  let question,
    wake = () => {};
  return {
    confirm: (text) =>
      new Promise((answer) => {
        (question = { text, answer }), wake();
      }),
    async answerWhile(turn, lines) {
      let input = lines[Symbol.asyncIterator](),
        ended = !1;
      for (
        turn.finally(() => {
          (ended = !0), wake();
        });
        ;
      ) {
        if (
          (await new Promise((resolve) => {
            (wake = resolve), (ended || question) && resolve();
          }),
          !question)
        )
          return turn;
        const { text, answer } = question;
        (question = void 0), process.stderr.write(text);
        const next = await input.next();
        answer(next.done ? "" : String(next.value));
      }
    },
  };
}
var dim = (text) => (process.env.NO_COLOR ? text : `\x1B[2m${text}\x1B[22m`),
  helpText =
    "Type a message and press Enter. /new starts a fresh conversation, /help asks the agent what it can do; Up and Down recall earlier lines; Ctrl-C clears the line (or, on an empty one, quits), Ctrl-D quits.",
  historySize = 500;
async function openPrompt(historyFile) {
  let history = (await readFile(historyFile, "utf8").catch(() => ""))
      .split(`
`)
      .filter(Boolean)
      .reverse()
      .slice(0, historySize),
    prompt = createInterface({
      input: process.stdin,
      output: process.stdout,
      terminal: !0,
      history,
      historySize,
      removeHistoryDuplicates: !0,
      prompt: "\u203A ",
    }),
    latest = history;
  return (
    prompt.on("history", (lines) => (latest = lines)),
    {
      prompt,
      saveHistory: () =>
        writeFileAtomic(
          historyFile,
          `${[...latest].reverse().join(`
`)}
`,
        ).catch(() => {}),
    }
  );
}
async function converse(prompt, ask, stopped) {
  let busy = !1,
    quitting = !1,
    closed = !1;
  prompt.once("close", () => (closed = !0)),
    prompt.on("SIGINT", () => {
      if (prompt.line) {
        prompt.write(null, { ctrl: !0, name: "u" });
        return;
      }
      if (!busy) return prompt.close();
      quitting && process.exit(130),
        (quitting = !0),
        process.stdout.write(`
${dim("finishing the current reply, then exiting (Ctrl-C again to quit now)")}
`);
    }),
    process.stdout.write(`${dim(`skein chat. ${helpText}`)}

`),
    prompt.prompt();
  for await (const line of prompt) {
    if (stopped()) break;
    const text = line.trim();
    if (
      (text === "/help" &&
        process.stdout.write(`${dim(helpText)}
`),
      text !== "" &&
        ((busy = !0),
        await ask(text),
        (busy = !1),
        process.stdout.write(`
`)),
      closed || quitting || stopped())
    )
      break;
    prompt.prompt();
  }
  prompt.close();
}
export { run };
//# sourceMappingURL=chat-PCKR6BIK.js.map
