import { Lexer, type Token, type Tokens } from "marked";

/**
 * What is read out of a reply: its Markdown as speech, not markup. Headings, paragraphs, list
 * items, quotes and table rows become lines of plain text (a table's cells joined by commas); code
 * blocks are left out (the text shows them); inline code keeps its words without backticks; a link
 * is its text, a bare URL its host name; images their alt text; HTML tags go. Whatever marks the
 * parser left as text (`**`, `#`, `|`, backticks, a URL inside a word) are taken out last.
 */
export function spokenText(markdown: string): string {
  const lines = blocks(Lexer.lex(markdown));
  return lines
    .map((line) => tidy(line))
    .filter((line) => line !== "")
    .join("\n");
}

function blocks(tokens: readonly Token[]): string[] {
  return tokens.flatMap((token) => block(token));
}

function block(token: Token): string[] {
  switch (token.type) {
    case "heading":
    case "paragraph":
      return [inline((token as Tokens.Heading | Tokens.Paragraph).tokens)];
    case "text": {
      const text = token as Tokens.Text;
      return [text.tokens ? inline(text.tokens) : text.text];
    }
    case "list":
      return (token as Tokens.List).items.flatMap((item) => blocks(item.tokens));
    case "blockquote":
      return blocks((token as Tokens.Blockquote).tokens);
    case "table": {
      const table = token as Tokens.Table;
      const row = (cells: Tokens.TableCell[]) => cells.map((cell) => inline(cell.tokens)).join(", ");
      return [row(table.header), ...table.rows.map(row)];
    }
    // Code blocks, rules, HTML blocks, link definitions and blank space are not read out.
    default:
      return [];
  }
}

function inline(tokens: readonly Token[] | undefined): string {
  return (tokens ?? []).map((token) => inlineText(token)).join("");
}

function inlineText(token: Token): string {
  switch (token.type) {
    case "text":
    case "escape": {
      const text = token as Tokens.Text;
      return text.tokens ? inline(text.tokens) : text.text;
    }
    case "strong":
    case "em":
    case "del":
      return inline((token as Tokens.Strong).tokens);
    case "codespan":
      return (token as Tokens.Codespan).text;
    case "link": {
      const link = token as Tokens.Link;
      return link.text === link.href || /^(https?:|mailto:)/i.test(link.text) ? hostOf(link.href) : inline(link.tokens);
    }
    case "image":
      return (token as Tokens.Image).text;
    case "br":
      return "\n";
    // Inline HTML tags are dropped; their text is a token of its own.
    default:
      return "";
  }
}

/** The host of a URL (`https://example.com/a?b` reads as `example.com`), or nothing when it has none. */
function hostOf(url: string): string {
  try {
    const { hostname, protocol } = new URL(url);
    return protocol === "mailto:" ? url.slice("mailto:".length) : hostname.replace(/^www\./, "");
  } catch {
    return "";
  }
}

/** A line without markup the parser left as text, and without runs of spaces. */
function tidy(line: string): string {
  return line
    .replace(/https?:\/\/[^\s)>\]]+/gi, (url) => hostOf(url))
    .replace(/[*#|`~]+|_{2,}/g, " ")
    .replace(/[ \t]+/g, " ")
    .replace(/ ([,.;:!?])/g, "$1")
    .trim();
}
