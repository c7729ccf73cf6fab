#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);

import { ChannelError } from "./chunk-FDN6ANKK.js";
import { deliverChunks } from "./chunk-VH5YRSZ5.js";
import "./chunk-GZ7VATWC.js";
import { userInfo } from "node:os";
var wrap = (open, close) => (text) => `\x1B[${open}m${text}\x1B[${close}m`;
function terminalStyles(colour) {
  if (!colour) {
    const same = (text) => text;
    return { bold: same, dim: same, italic: same, code: same, underline: same };
  }
  return { bold: wrap(1, 22), dim: wrap(2, 22), italic: wrap(3, 23), code: wrap(36, 39), underline: wrap(4, 24) };
}
var TerminalMarkdown = class {
  #styles;
  #inCode = !1;
  constructor(styles) {
    this.#styles = styles;
  }
  renderLine(line) {
    const style = this.#styles,
      fence = /^\s*(```|~~~)\s*(\S*)/.exec(line);
    if (fence) return (this.#inCode = !this.#inCode), this.#inCode && fence[2] ? style.dim(`  ${fence[2]}`) : void 0;
    if (this.#inCode) return `  ${style.code(line)}`;
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading) return style.bold(heading[1].length === 1 ? style.underline(heading[2]) : heading[2]);
    if (/^\s*([-*_])(\s*\1){2,}\s*$/.test(line)) return style.dim("\u2500".repeat(40));
    const quote = /^\s*>\s?(.*)$/.exec(line);
    if (quote) return `${style.dim("\u2502")} ${style.italic(this.#inline(quote[1]))}`;
    const bullet = /^(\s*)[-*+]\s+(.*)$/.exec(line);
    return bullet ? `${bullet[1]}\u2022 ${this.#inline(bullet[2])}` : this.#inline(line);
  }
  #inline(text) {
    const style = this.#styles;
    return text
      .split(/(`[^`]+`)/)
      .map((part) =>
        part.startsWith("`") && part.endsWith("`") && part.length > 1
          ? style.code(part.slice(1, -1))
          : part
              .replace(/\*\*([^*]+)\*\*|__([^_]+)__/g, (_, a, b) => style.bold(a ?? b))
              .replace(/(^|[^*\w])\*([^*\s][^*]*)\*|(^|\W)_([^_\s][^_]*)_(?=\W|$)/g, (_, pa, a, pb, b) =>
                a !== void 0 ? `${pa}${style.italic(a)}` : `${pb}${style.italic(b)}`,
              )
              .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (_, label, url) =>
                label === url ? style.underline(url) : `${style.underline(label)} ${style.dim(`(${url})`)}`,
              ),
      )
      .join("");
  }
};
var frames = ["\u280B", "\u2819", "\u2839", "\u2838", "\u283C", "\u2834", "\u2826", "\u2827", "\u2807", "\u280F"],
  clearLine = "\r\x1B[2K",
  TerminalScreen = class {
    #output;
    #styles;
    #frameMs;
    #markdown;
    #spinner;
    #pending = "";
    constructor(options) {
      (this.#output = options.output),
        (this.#styles = terminalStyles(options.colour ?? !process.env.NO_COLOR)),
        (this.#markdown = new TerminalMarkdown(this.#styles)),
        (this.#frameMs = options.frameMs ?? 80);
    }
    working(label = "thinking\u2026") {
      this.#stopSpinner();
      const spinner = { frame: 0, label, timer: setInterval(() => this.#drawSpinner(), this.#frameMs) };
      spinner.timer.unref(), (this.#spinner = spinner), this.#drawSpinner();
    }
    idle() {
      this.#stopSpinner();
    }
    toolCall(name, argumentsJson) {
      this.#flushPartial(),
        this.#stopSpinner(),
        this.#output.write(`${this.#styles.dim(`  \u21B3 ${name} ${shortArguments(argumentsJson)}`.trimEnd())}
`);
    }
    text(delta) {
      this.#stopSpinner(), (this.#pending += delta);
      const lines = this.#pending.split(`
`);
      this.#pending = lines.pop();
      for (const line of lines) this.#showLine(line);
    }
    endReply() {
      this.#stopSpinner(), this.#flushPartial(), (this.#markdown = new TerminalMarkdown(this.#styles));
    }
    reply(text) {
      this.text(`${text}
`),
        this.endReply();
    }
    notice(text) {
      this.#stopSpinner(),
        this.#output.write(`${this.#styles.dim(text)}
`);
    }
    #flushPartial() {
      if (this.#pending === "") return;
      const line = this.#pending;
      (this.#pending = ""), this.#showLine(line);
    }
    #showLine(line) {
      const rendered = this.#markdown.renderLine(line);
      rendered !== void 0 &&
        this.#output.write(`${rendered}
`);
    }
    #drawSpinner() {
      const spinner = this.#spinner;
      spinner &&
        (this.#output.write(
          `${clearLine}${this.#styles.dim(`${frames[spinner.frame % frames.length]} ${spinner.label}`)}`,
        ),
        spinner.frame++);
    }
    #stopSpinner() {
      this.#spinner && (clearInterval(this.#spinner.timer), (this.#spinner = void 0), this.#output.write(clearLine));
    }
  };
function shortArguments(argumentsJson, limit = 80) {
  let text;
  try {
    const parsed = JSON.parse(argumentsJson);
    text =
      typeof parsed == "object" && parsed !== null && !Array.isArray(parsed)
        ? Object.entries(parsed)
            .map(
              ([key, value]) =>
                `${key}=${typeof value == "string" && !/\s/.test(value) ? value : JSON.stringify(value)}`,
            )
            .join(" ")
        : JSON.stringify(parsed);
  } catch {
    text = argumentsJson;
  }
  return (text = text.replace(/\s+/g, " ")), text.length > limit ? `${text.slice(0, limit - 1)}\u2026` : text;
}
var CliChannel = class {
  name = "cli";
  #bus;
  #onReply;
  #chatId;
  #sender = senderName();
  #state = { state: "stopped", since: Date.now() };
  #screen;
  #options;
  #sequence = 0;
  #sent = 0;
  constructor(options) {
    (this.#bus = options.bus), (this.#chatId = options.chatId ?? "local");
    const screen = options.terminal ? new TerminalScreen({ output: options.terminal }) : void 0;
    (this.#screen = screen),
      (this.#onReply = screen ? (text) => screen.reply(text) : options.onReply),
      (this.#options = options);
  }
  async askApproval(prompt) {
    const { confirm, approvals } = this.#options;
    if (!confirm || !approvals) throw new ChannelError("config", this.name, "no terminal to ask on");
    const always = prompt.offersConversation ? ", [a]lways in this conversation" : "";
    return (
      confirm(`${prompt.text}
Allow? [y]es once${always}, [N]o: `).then(async (line) => {
        const answer = await approvals.press({
          channel: this.name,
          chatId: prompt.chatId,
          messageId: `cli-approval-${prompt.id}`,
          id: prompt.id,
          choice: terminalChoice(line),
          by: { userId: "local", name: this.#sender },
        });
        answer.type !== "decided" && this.#onReply(answer.text);
      }),
      { messageId: `cli-approval-${prompt.id}` }
    );
  }
  async settleApproval(_prompt, _handle, text) {
    this.#onReply(
      text
        .split(`
`)
        .at(-1) ?? text,
    );
  }
  indicateWorking() {
    return this.#screen?.working(), { end: () => this.#screen?.idle() };
  }
  openStream(_target) {
    const screen = this.#screen;
    if (!screen) return;
    let streamed = "",
      segmentStart = 0,
      markShown;
    return {
      shown: new Promise((resolve) => (markShown = resolve)),
      update: (textSoFar) => {
        textSoFar.startsWith(streamed) && screen.text(textSoFar.slice(streamed.length)),
          (streamed = textSoFar),
          streamed.trim() && markShown();
      },
      toolCalls: (calls) => {
        for (const call of calls) screen.toolCall(call.name, call.arguments);
        (segmentStart = streamed.length), screen.working("working\u2026");
      },
      finish: async (finalText) => {
        const segment = streamed.slice(segmentStart).replace(/^\n+/, "");
        return (
          segment && finalText.startsWith(segment)
            ? screen.text(finalText.slice(segment.length))
            : streamed.includes(finalText) ||
              screen.text(
                `${
                  streamed.endsWith(`
`) || !streamed
                    ? ""
                    : `
`
                }${finalText}`,
              ),
          screen.endReply(),
          markShown(),
          [`cli-out-${++this.#sent}`]
        );
      },
      fail: async (note) => (screen.endReply(), screen.notice(note), !0),
    };
  }
  async start(_signal) {
    this.#state = { state: "connected", since: Date.now() };
  }
  async send(message, options) {
    const messageIds = await deliverChunks(
      [message.text],
      options,
      async (text) => (this.#onReply(text), `cli-out-${++this.#sent}`),
    );
    return { channel: this.name, chatId: message.chatId, messageIds };
  }
  async stop() {
    this.#state = { state: "stopped", since: Date.now() };
  }
  status() {
    return this.#state;
  }
  say(text) {
    const message = {
      id: `cli:${process.pid}:${Date.now()}:${++this.#sequence}`,
      channel: this.name,
      chatId: this.#chatId,
      senderId: "local",
      senderName: this.#sender,
      text,
      isDirect: !0,
      receivedAt: Date.now(),
    };
    return this.#bus.publishInbound(message), message;
  }
};
function terminalChoice(line) {
  const answer = line.trim().toLowerCase();
  return answer === "y" || answer === "yes" ? "once" : answer === "a" || answer === "always" ? "conversation" : "deny";
}
function senderName() {
  try {
    return userInfo().username;
  } catch {
    return "you";
  }
}
export { CliChannel };
//# sourceMappingURL=cli-channel-UXV5M422.js.map
