import { Marked, type Tokens } from "marked";

/**
 * Markdown as the model writes it, rendered to the HTML subset Telegram's parse mode
 * accepts: b, i, s, code, pre (with a language class), a href and blockquote. Headings
 * become bold lines, list items "• " lines, paragraphs are separated by blank lines,
 * and everything else is escaped text.
 */

/** Telegram's limit is 4096 characters after entity parsing; we stay a little below it. */
export const MESSAGE_LIMIT = 4000;

/** Escapes text for Telegram HTML: only `<`, `>` and `&` (and `"` inside attributes) are special. */
function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function escapeAttribute(text: string): string {
  return escapeHtml(text).replace(/"/g, "&quot;");
}

/** Links kept as links; `tg://user?id=…` is left out: it would mention (notify) a user from model text. */
const safeLink = /^(https?:|tg:(?!(\/\/)?user\b)|mailto:)/i;
const blockEnd = "\n\n";

const marked = new Marked({
  gfm: true,
  breaks: false,
  async: false,
  renderer: {
    space: () => "",
    def: () => "",
    html: (token) =>
      "block" in token && token.block ? `${escapeHtml(token.text.trim())}${blockEnd}` : escapeHtml(token.text),
    hr: () => `──────────${blockEnd}`,
    paragraph({ tokens }) {
      return `${this.parser.parseInline(tokens)}${blockEnd}`;
    },
    heading({ tokens }) {
      return `<b>${this.parser.parseInline(tokens)}</b>${blockEnd}`;
    },
    code({ text, lang }) {
      const language = lang?.match(/^[\w+#.-]+/)?.[0];
      const body = escapeHtml(text.replace(/\n$/, ""));
      return language
        ? `<pre><code class="language-${language}">${body}</code></pre>${blockEnd}`
        : `<pre>${body}</pre>${blockEnd}`;
    },
    blockquote({ tokens }) {
      return `<blockquote>${this.parser.parse(tokens).trim()}</blockquote>${blockEnd}`;
    },
    list(token) {
      const lines = token.items.map((item, index) => {
        const bullet = token.ordered ? `${Number(token.start || 1) + index}. ` : "• ";
        const box = item.task ? (item.checked ? "☑ " : "☐ ") : "";
        const body = item.tokens
          .filter((child) => child.type !== "checkbox")
          .map((child) => this.parser.parse([child]).trim())
          .filter(Boolean)
          .join("\n")
          .replace(/\n{2,}/g, "\n")
          .replace(/\n/g, "\n   ");
        return `${bullet}${box}${body}`;
      });
      return `${lines.join("\n")}${blockEnd}`;
    },
    checkbox: () => "",
    table(token) {
      const row = (cells: Tokens.TableCell[]) => cells.map((cell) => this.parser.parseInline(cell.tokens)).join(" | ");
      return `${[row(token.header), ...token.rows.map(row)].join("\n")}${blockEnd}`;
    },
    strong({ tokens }) {
      return `<b>${this.parser.parseInline(tokens)}</b>`;
    },
    em({ tokens }) {
      return `<i>${this.parser.parseInline(tokens)}</i>`;
    },
    del({ tokens }) {
      return `<s>${this.parser.parseInline(tokens)}</s>`;
    },
    codespan: ({ text }) => `<code>${escapeHtml(text)}</code>`,
    br: () => "\n",
    link({ href, tokens }) {
      const label = this.parser.parseInline(tokens);
      return safeLink.test(href) ? `<a href="${escapeAttribute(href)}">${label}</a>` : label;
    },
    image({ href, text }) {
      return safeLink.test(href)
        ? `<a href="${escapeAttribute(href)}">${escapeHtml(text || href)}</a>`
        : escapeHtml(text);
    },
    text(token) {
      if ("tokens" in token && token.tokens) return this.parser.parseInline(token.tokens);
      return escapeHtml(decodeMarkedEntities(token.text));
    },
  },
});

/**
 * marked hands text tokens over with `&`, `<`, `>`, `"` and `'` already turned into
 * entities in some places (escapes like `\<`); decode them so they are escaped exactly once.
 */
function decodeMarkedEntities(text: string): string {
  return text.replace(
    /&(lt|gt|quot|#39|amp);/g,
    (_, name: string) => ({ lt: "<", gt: ">", quot: '"', "#39": "'", amp: "&" })[name]!,
  );
}

/**
 * The texts rendered last: a reply is measured (to cut it into chunks under the limit) and then sent,
 * and each of them renders the same Markdown; this keeps the second render from running marked again.
 */
const rendered = new Map<string, string>();
const RENDERED_KEPT = 16;

/** Renders Markdown to Telegram HTML. */
export function renderTelegramHtml(markdown: string): string {
  let html = rendered.get(markdown);
  if (html === undefined) {
    html = (marked.parse(markdown) as string).trim();
    // Only what fits one message: the memory held stays small however long a reply is.
    if (markdown.length > 2 * MESSAGE_LIMIT) return html;
    if (rendered.size >= RENDERED_KEPT) rendered.delete(rendered.keys().next().value as string);
    rendered.set(markdown, html);
  }
  return html;
}

/** The text Telegram shows for Telegram HTML (tags removed, entities decoded): what its limit counts. */
export function visibleText(html: string): string {
  return html
    .replace(/<[^>]*>/g, "")
    .replace(/&(lt|gt|amp|quot);/g, (_, name: string) => ({ lt: "<", gt: ">", amp: "&", quot: '"' })[name]!);
}

/** How long Markdown is once rendered, as Telegram counts it. */
export function telegramLength(markdown: string): number {
  return visibleText(renderTelegramHtml(markdown)).length;
}
