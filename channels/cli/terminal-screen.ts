import { TerminalMarkdown, terminalStyles } from "./terminal-markdown.js";

/** Where an interactive `skein chat` draws (a TTY's stream). */
export interface TerminalOutput {
  write(text: string): unknown;
}

export interface TerminalScreenOptions {
  output: TerminalOutput;
  /** ANSI colours and styles (default: unless `NO_COLOR` is set). */
  colour?: boolean;
  /** Milliseconds between two frames of the working indicator (default 80). */
  frameMs?: number;
}

const frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];
const clearLine = "\r\x1b[2K";

/**
 * The interactive terminal of `skein chat`: a working indicator while the agent thinks,
 * one dim line per tool call, and the reply's Markdown rendered line by line as it is
 * written. Only one thing draws at a time: text and tool lines clear the indicator first.
 */
export class TerminalScreen {
  readonly #output: TerminalOutput;
  readonly #styles;
  readonly #frameMs: number;
  #markdown: TerminalMarkdown;
  #spinner: { timer: NodeJS.Timeout; frame: number; label: string } | undefined;
  /** Text of the current line not yet shown (it is shown once complete). */
  #pending = "";

  constructor(options: TerminalScreenOptions) {
    this.#output = options.output;
    this.#styles = terminalStyles(options.colour ?? !process.env.NO_COLOR);
    this.#markdown = new TerminalMarkdown(this.#styles);
    this.#frameMs = options.frameMs ?? 80;
  }

  /** Shows the working indicator (`⠋ thinking…`) until {@link idle} or something is written. */
  working(label = "thinking…"): void {
    this.#stopSpinner();
    const spinner = { frame: 0, label, timer: setInterval(() => this.#drawSpinner(), this.#frameMs) };
    spinner.timer.unref();
    this.#spinner = spinner;
    this.#drawSpinner();
  }

  /** Removes the working indicator. */
  idle(): void {
    this.#stopSpinner();
  }

  /** One dim line for a tool call: its name and its arguments, shortened. */
  toolCall(name: string, argumentsJson: string): void {
    this.#flushPartial();
    this.#stopSpinner();
    this.#output.write(`${this.#styles.dim(`  ↳ ${name} ${shortArguments(argumentsJson)}`.trimEnd())}\n`);
  }

  /** More reply text: complete lines are rendered and shown; the rest waits for its newline. */
  text(delta: string): void {
    this.#stopSpinner();
    this.#pending += delta;
    const lines = this.#pending.split("\n");
    this.#pending = lines.pop()!;
    for (const line of lines) this.#showLine(line);
  }

  /** Ends a reply: the last line is shown, and the next reply starts outside any code block. */
  endReply(): void {
    this.#stopSpinner();
    this.#flushPartial();
    this.#markdown = new TerminalMarkdown(this.#styles);
  }

  /** A whole reply at once (not streamed). */
  reply(text: string): void {
    this.text(`${text}\n`);
    this.endReply();
  }

  /** A line of the terminal's own (a notice), dim. */
  notice(text: string): void {
    this.#stopSpinner();
    this.#output.write(`${this.#styles.dim(text)}\n`);
  }

  #flushPartial(): void {
    if (this.#pending === "") return;
    const line = this.#pending;
    this.#pending = "";
    this.#showLine(line);
  }

  #showLine(line: string): void {
    const rendered = this.#markdown.renderLine(line);
    if (rendered !== undefined) this.#output.write(`${rendered}\n`);
  }

  #drawSpinner(): void {
    const spinner = this.#spinner;
    if (!spinner) return;
    this.#output.write(`${clearLine}${this.#styles.dim(`${frames[spinner.frame % frames.length]} ${spinner.label}`)}`);
    spinner.frame++;
  }

  #stopSpinner(): void {
    if (!this.#spinner) return;
    clearInterval(this.#spinner.timer);
    this.#spinner = undefined;
    this.#output.write(clearLine);
  }
}

/** `path=notes.md command="ls -la"`: a tool call's arguments on one short line. */
export function shortArguments(argumentsJson: string, limit = 80): string {
  let text: string;
  try {
    const parsed = JSON.parse(argumentsJson) as unknown;
    text =
      typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)
        ? Object.entries(parsed)
            .map(
              ([key, value]) =>
                `${key}=${typeof value === "string" && !/\s/.test(value) ? value : JSON.stringify(value)}`,
            )
            .join(" ")
        : JSON.stringify(parsed);
  } catch {
    text = argumentsJson;
  }
  text = text.replace(/\s+/g, " ");
  return text.length > limit ? `${text.slice(0, limit - 1)}…` : text;
}
