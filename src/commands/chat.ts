import { createInterface } from "node:readline";
import type { TurnOutcome } from "../agent/agent-loop.js";
import type { TerminalChannel } from "../channel-kit/channel-descriptor.js";
import { scrubInitialEnvironment } from "../tools/builtin/initial-environ.js";
import type { GlobalOptions } from "./command-support.js";
import { fail, reportFatal, writeOut } from "./command-support.js";

export interface ChatOptions extends GlobalOptions {
  /** `-m`: one message, its reply printed, then exit. */
  message?: string;
}

/**
 * `skein chat`: talk to the agent in the terminal through the `cli` channel. Reads
 * lines from stdin (a pipe works too) and prints each reply on stdout; with `-m`
 * sends one message and exits (non-zero, with the reason on stderr, if the turn failed).
 */
export async function run(options: ChatOptions): Promise<number> {
  scrubInitialEnvironment(); // as `skein start` does: no secrets in /proc/<pid>/environ for the commands run
  const [{ createDaemon }, { terminalChannel }] = await Promise.all([
    import("../daemon.js"),
    import("../channel-kit/loader.js"),
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
  const daemon = createDaemon({
    configPath: options.config,
    platformChannels: false,
    logLevel: process.env.SKEIN_LOG_LEVEL || "error",
    channels: [{ name: terminal.name, create: ({ bus }) => (cli = createTerminal({ bus, onReply })) }],
  });
  const waiting = new Map<string, (outcome: TurnOutcome) => void>();
  daemon.onOutcome((outcome) => {
    waiting.get(outcome.message.id)?.(outcome);
    waiting.delete(outcome.message.id);
  });
  const ask = (text: string) =>
    new Promise<TurnOutcome>((resolve) => {
      waiting.set(cli.say(text).id, resolve);
    });

  try {
    await daemon.start();
  } catch (error) {
    await daemon.stop().catch(() => undefined);
    return reportFatal(error);
  }
  // SIGINT/SIGTERM: stop reading, let the turn in flight finish (and print), then exit; a second signal exits at once.
  let lines: ReturnType<typeof createInterface> | undefined;
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
        fail(outcome.error ?? "the turn failed");
        return 1;
      }
      if (outcome.status === "gated" && outcome.reply === undefined) {
        fail("the message was not admitted");
        return 1;
      }
      await writeOut(replies.map((reply) => `${reply}\n`).join(""));
      return 0;
    }
    const interactive = process.stdin.isTTY === true;
    if (interactive)
      process.stderr.write("skein chat: type a message, /new for a fresh conversation, Ctrl-D to quit.\n");
    lines = createInterface({ input: process.stdin, terminal: false });
    if (interactive) process.stderr.write("> ");
    for await (const line of lines) {
      if (signalled) break;
      if (line.trim() !== "") {
        await ask(line);
        await printing;
      }
      if (interactive) process.stderr.write("> ");
    }
    return 0;
  } finally {
    await daemon.stop();
    await printing;
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
  }
}
