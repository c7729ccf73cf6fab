import { type ChildProcess, spawn } from "node:child_process";

/** A command running in a pseudo-terminal (util-linux `script`), driven by keystrokes. */
export interface PseudoTerminal {
  readonly child: ChildProcess;
  /** Everything the terminal showed so far, escape sequences included. */
  output(): string;
  /** What the terminal showed, escape sequences removed. */
  text(): string;
  /** Types `keys` (e.g. `"hello\r"`, `"\x1b[A"` for Up, `"\x04"` for Ctrl-D). */
  type(keys: string): void;
  /** Resolves once the text shown since `from` (an index into {@link text}) contains `wanted`; rejects after `limitMs`. */
  waitFor(wanted: string, from?: number, limitMs?: number): Promise<void>;
  /** Resolves with the exit code. */
  readonly exited: Promise<number | null>;
}

/** Whether `script` (util-linux) is here to give a command a pseudo-terminal. */
export async function hasScript(): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = spawn("script", ["--version"], { stdio: "ignore" });
    probe.once("error", () => resolve(false));
    probe.once("exit", (code) => resolve(code === 0));
  });
}

/** ANSI escape sequences (cursor moves, colours, line clears) and carriage returns. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI escape sequences are what it matches
const escapes = /\u001b\[[0-9;?]*[A-Za-z]|\u001b[()][A-Z0-9]|\r/g;

/** Runs `command` (with its arguments) in a 100×40 pseudo-terminal, with exactly `env`. */
export function inPseudoTerminal(command: string[], options: { env: NodeJS.ProcessEnv; cwd: string }): PseudoTerminal {
  const quoted = command.map((part) => `'${part.replaceAll("'", "'\\''")}'`).join(" ");
  const child = spawn(
    "script",
    ["-q", "-E", "never", "-e", "-c", `stty cols 100 rows 40; exec ${quoted}`, "/dev/null"],
    {
      env: options.env,
      cwd: options.cwd,
      stdio: ["pipe", "pipe", "pipe"],
    },
  );
  let output = "";
  const listeners = new Set<() => void>();
  const take = (chunk: Buffer) => {
    output += chunk.toString();
    for (const listener of listeners) listener();
  };
  child.stdout!.on("data", take);
  child.stderr!.on("data", take);
  const exited = new Promise<number | null>((resolve) => child.once("close", (code) => resolve(code)));
  const text = () => output.replace(escapes, "");
  return {
    child,
    exited,
    output: () => output,
    text,
    type: (keys) => void child.stdin!.write(keys),
    waitFor(wanted, from = 0, limitMs = 30_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (!text().slice(from).includes(wanted)) return;
          listeners.delete(check);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`the terminal never showed ${JSON.stringify(wanted)}; it showed:\n${text().slice(from)}`));
        }, limitMs);
        listeners.add(check);
        check();
      });
    },
  };
}
