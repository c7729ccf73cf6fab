/**
 * Markdown made readable in a terminal, one line at a time (so a reply can be shown while
 * it is written): headings bold, `code` and code blocks coloured, bullets as •, links as
 * their text with the address after it, quotes with a bar. Without colour (`NO_COLOR`),
 * only the layout changes.
 */

/** The ANSI styles used, or none. */
export interface TerminalStyles {
  bold(text: string): string;
  dim(text: string): string;
  italic(text: string): string;
  code(text: string): string;
  underline(text: string): string;
}

const wrap = (open: number, close: number) => (text: string) => `\x1b[${open}m${text}\x1b[${close}m`;

/** Styles for a colour terminal, or plain ones when `colour` is false. */
export function terminalStyles(colour: boolean): TerminalStyles {
  if (!colour) {
    const same = (text: string) => text;
    return { bold: same, dim: same, italic: same, code: same, underline: same };
  }
  return { bold: wrap(1, 22), dim: wrap(2, 22), italic: wrap(3, 23), code: wrap(36, 39), underline: wrap(4, 24) };
}

/** Renders Markdown line by line; it remembers whether a code block is open. */
export class TerminalMarkdown {
  readonly #styles: TerminalStyles;
  #inCode = false;

  constructor(styles: TerminalStyles) {
    this.#styles = styles;
  }

  /** One source line (without its newline) as it should appear; undefined for a line that shows nothing (a fence). */
  renderLine(line: string): string | undefined {
    const style = this.#styles;
    const fence = /^\s*(```|~~~)\s*(\S*)/.exec(line);
    if (fence) {
      this.#inCode = !this.#inCode;
      return this.#inCode && fence[2] ? style.dim(`  ${fence[2]}`) : undefined;
    }
    if (this.#inCode) return `  ${style.code(line)}`;
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading) return style.bold(heading[1]!.length === 1 ? style.underline(heading[2]!) : heading[2]!);
    if (/^\s*([-*_])(\s*\1){2,}\s*$/.test(line)) return style.dim("─".repeat(40));
    const quote = /^\s*>\s?(.*)$/.exec(line);
    if (quote) return `${style.dim("│")} ${style.italic(this.#inline(quote[1]!))}`;
    const bullet = /^(\s*)[-*+]\s+(.*)$/.exec(line);
    if (bullet) return `${bullet[1]}• ${this.#inline(bullet[2]!)}`;
    return this.#inline(line);
  }

  #inline(text: string): string {
    const style = this.#styles;
    // Code spans first: nothing inside them is Markdown.
    return text
      .split(/(`[^`]+`)/)
      .map((part) =>
        part.startsWith("`") && part.endsWith("`") && part.length > 1
          ? style.code(part.slice(1, -1))
          : part
              .replace(/\*\*([^*]+)\*\*|__([^_]+)__/g, (_, a, b) => style.bold(a ?? b))
              .replace(/(^|[^*\w])\*([^*\s][^*]*)\*|(^|\W)_([^_\s][^_]*)_(?=\W|$)/g, (_, pa, a, pb, b) =>
                a !== undefined ? `${pa}${style.italic(a)}` : `${pb}${style.italic(b)}`,
              )
              .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (_, label, url) =>
                label === url ? style.underline(url) : `${style.underline(label)} ${style.dim(`(${url})`)}`,
              ),
      )
      .join("");
  }
}
