import { Lexer, type Token, type Tokens } from "marked";

/** Discord's limit on the content of one message, in characters. */
export const MESSAGE_LIMIT = 2000;

/**
 * Discord renders Markdown itself, so the model's Markdown passes through unchanged
 * except for what Discord does not support:
 * - tables become a code block with aligned columns;
 * - headings deeper than `###` become bold lines;
 * - images become links (`![alt](url)` -> `[alt](url)`, or the bare URL without alt text).
 * Code blocks and inline code are never touched.
 */
export function toDiscordMarkdown(markdown: string): string {
  if (!/[|#!]/.test(markdown)) return markdown;
  return new Lexer().lex(markdown).map(renderBlock).join("");
}

function renderBlock(token: Token): string {
  switch (token.type) {
    case "code":
    case "space":
    case "html":
      return token.raw;
    case "table":
      return renderTable(token as Tokens.Table);
    case "heading": {
      const heading = token as Tokens.Heading;
      if (heading.depth <= 3) return replaceImages(heading);
      return `**${heading.text.trim()}**${trailingNewlines(heading.raw)}`;
    }
    default:
      return replaceImages(token);
  }
}

function renderTable(table: Tokens.Table): string {
  const rows = [table.header.map((cell) => cell.text), ...table.rows.map((row) => row.map((cell) => cell.text))];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? "").length)));
  const line = (row: string[]) =>
    row
      .map((cell, column) => cell.padEnd(widths[column]!))
      .join(" | ")
      .trimEnd();
  const separator = widths.map((width) => "-".repeat(width)).join("-+-");
  const [header, ...body] = rows;
  return ["```", line(header!), separator, ...body.map(line), "```"].join("\n") + trailingNewlines(table.raw);
}

/** Replaces each image in a block with a link, leaving the rest of its text as written. */
function replaceImages(block: Token): string {
  let text = block.raw;
  for (const image of findImages(block)) {
    const link = image.text ? `[${image.text}](${image.href})` : image.href;
    text = text.replace(image.raw, link);
  }
  return text;
}

function findImages(token: Token): Tokens.Image[] {
  if (token.type === "image") return [token as Tokens.Image];
  const children: Token[] = [];
  if ("tokens" in token && Array.isArray(token.tokens)) children.push(...(token.tokens as Token[]));
  if (token.type === "list") for (const item of (token as Tokens.List).items) children.push(item);
  return children.flatMap(findImages);
}

function trailingNewlines(raw: string): string {
  return /\n*$/.exec(raw)?.[0] ?? "";
}
