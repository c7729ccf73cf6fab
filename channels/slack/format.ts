import { Lexer, type Token, type Tokens } from "marked";

/** Slack shows up to 40,000 characters but recommends 4,000 per message; stay below. */
export const MESSAGE_LIMIT = 3_900;

/**
 * Renders the Markdown the model writes as Slack mrkdwn: `*bold*`, `_italic_`,
 * `~strike~`, `<url|text>` links, headings as bold lines, lists with bullets, code
 * kept as code, and `&`, `<`, `>` escaped everywhere (Slack's only required escapes).
 *
 * Slack never rejects mrkdwn (malformed markup shows as plain characters), so unlike
 * Telegram's HTML there is no parse error to fall back from.
 */
export function markdownToMrkdwn(markdown: string): string {
  const tokens = Lexer.lex(markdown, { gfm: true });
  return renderBlocks(tokens, 0).trim();
}

/** Escapes the three characters Slack treats as control characters. */
export function escapeMrkdwn(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

const listIndent = "    ";

function renderBlocks(tokens: Token[], depth: number): string {
  return tokens
    .map((token) => renderBlock(token, depth))
    .filter((block) => block !== "")
    .join("\n\n");
}

function renderBlock(token: Token, depth: number): string {
  switch (token.type) {
    case "space":
    case "def":
    case "checkbox":
      return "";
    case "heading":
      return `*${renderInline((token as Tokens.Heading).tokens, { bold: true })}*`;
    case "paragraph":
      return renderInline((token as Tokens.Paragraph).tokens);
    case "text": {
      const text = token as Tokens.Text;
      return text.tokens ? renderInline(text.tokens) : escapeMrkdwn(text.text);
    }
    case "code":
      return codeBlock((token as Tokens.Code).text);
    case "blockquote":
      return renderBlocks((token as Tokens.Blockquote).tokens, depth)
        .split("\n")
        .map((line) => `> ${line}`)
        .join("\n");
    case "list":
      return renderList(token as Tokens.List, depth);
    case "hr":
      return "──────────";
    case "table":
      return renderTable(token as Tokens.Table);
    case "html":
      return escapeMrkdwn((token as Tokens.HTML).text.trim());
    default:
      return "raw" in token && typeof token.raw === "string" ? escapeMrkdwn(token.raw.trim()) : "";
  }
}

function renderList(list: Tokens.List, depth: number): string {
  const start = typeof list.start === "number" ? list.start : 1;
  return list.items
    .map((item, index) => {
      const marker = list.ordered ? `${start + index}. ` : item.task ? (item.checked ? "☑ " : "☐ ") : "• ";
      const [first = "", ...rest] = item.tokens
        .map((child) =>
          child.type === "list" ? renderList(child as Tokens.List, depth + 1) : renderBlock(child, depth + 1),
        )
        .filter((block) => block !== "")
        .join("\n")
        .split("\n");
      const continuation = rest.map((line) =>
        line.startsWith(listIndent) ? line : `${listIndent.repeat(depth)}  ${line}`,
      );
      return [`${listIndent.repeat(depth)}${marker}${first}`, ...continuation].join("\n");
    })
    .join("\n");
}

function renderTable(table: Tokens.Table): string {
  const rows = [table.header.map((cell) => cell.text), ...table.rows.map((row) => row.map((cell) => cell.text))];
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? "").length))) ?? [];
  const lines = rows.map((row) =>
    row
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join(" | ")
      .trimEnd(),
  );
  lines.splice(1, 0, widths.map((width) => "-".repeat(width)).join("-|-"));
  return codeBlock(lines.join("\n"));
}

function codeBlock(code: string): string {
  return `\`\`\`\n${escapeMrkdwn(code)}\n\`\`\``;
}

interface InlineContext {
  /** Inside a bold span (a heading): nested bold markers would end it early. */
  bold?: boolean;
}

function renderInline(tokens: Token[] | undefined, context: InlineContext = {}): string {
  return (tokens ?? []).map((token) => renderInlineToken(token, context)).join("");
}

function renderInlineToken(token: Token, context: InlineContext): string {
  switch (token.type) {
    case "text": {
      const text = token as Tokens.Text;
      return text.tokens ? renderInline(text.tokens, context) : escapeMrkdwn(text.text);
    }
    case "escape":
      return escapeMrkdwn((token as Tokens.Escape).text);
    case "strong": {
      const inner = renderInline((token as Tokens.Strong).tokens, { ...context, bold: true });
      return context.bold ? inner : `*${inner}*`;
    }
    case "em":
      return `_${renderInline((token as Tokens.Em).tokens, context)}_`;
    case "del":
      return `~${renderInline((token as Tokens.Del).tokens, context)}~`;
    case "codespan":
      return `\`${escapeMrkdwn((token as Tokens.Codespan).text)}\``;
    case "br":
      return "\n";
    case "link": {
      const link = token as Tokens.Link;
      const label = renderInline(link.tokens, context);
      return linkOf(link.href, label);
    }
    case "image": {
      const image = token as Tokens.Image;
      return linkOf(image.href, escapeMrkdwn(image.text || image.href));
    }
    case "html":
      return escapeMrkdwn((token as Tokens.HTML).text);
    default:
      return "raw" in token && typeof token.raw === "string" ? escapeMrkdwn(token.raw) : "";
  }
}

/**
 * Only real URLs become links: `<!channel>`, `<!here>`, `<!everyone>`, `<!subteam^…>` and
 * `<@U…>` are the link syntax too, so a target without a scheme (`[everyone](!channel)`)
 * stays plain text. Special mentions come only from the platform, never from model text.
 */
const LINK_SCHEME = /^[a-z][a-z0-9+.-]*:/i;

function linkOf(href: string, label: string): string {
  if (!LINK_SCHEME.test(href)) return label === "" ? escapeMrkdwn(href) : `${label} (${escapeMrkdwn(href)})`;
  const url = escapeMrkdwn(href).replace(/\|/g, "%7C");
  return label === "" || label === url || label === `mailto:${url}`
    ? `<${url}>`
    : `<${url}|${label.replace(/\|/g, "¦")}>`;
}
