/**
 * A small Markdown reader for the agent's replies: it turns text into a tree of tagged nodes, which
 * `markdown-view.ts` renders as elements. No HTML in the text is ever interpreted (it stays text), and links
 * keep only http(s) and mailto targets, so an untrusted reply cannot run script in the dashboard.
 */

/** Inline content: text, emphasis, code spans, safe links and line breaks. */
export type Inline =
  | { type: "text"; text: string }
  | { type: "strong" | "em" | "del"; children: Inline[] }
  | { type: "code"; text: string }
  | { type: "link"; href: string; children: Inline[] }
  | { type: "break" };

/** Block content: paragraphs, headings, fenced code, lists and quotes. */
export type Block =
  | { type: "paragraph"; children: Inline[] }
  | { type: "heading"; level: 1 | 2 | 3 | 4 | 5 | 6; children: Inline[] }
  | { type: "code-block"; language: string; text: string }
  | { type: "list"; ordered: boolean; items: Block[][] }
  | { type: "quote"; children: Block[] }
  | { type: "rule" };

const fence = /^ {0,3}(```+|~~~+)\s*([\w+-]*)\s*$/;
const heading = /^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$/;
const bullet = /^ {0,3}([-*+]|\d{1,9}[.)])\s+(.*)$/;
const rule = /^ {0,3}([-*_])(\s*\1){2,}\s*$/;

/** Parses `source` into blocks. */
export function parseMarkdown(source: string): Block[] {
  return parseBlocks(source.replace(/\r\n?/g, "\n").split("\n"));
}

function parseBlocks(lines: string[]): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push({ type: "paragraph", children: parseInline(paragraph.join("\n")) });
    paragraph = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const opening = fence.exec(line);
    if (opening) {
      flush();
      const marker = opening[1]!;
      const body: string[] = [];
      for (i++; i < lines.length && !lines[i]!.trim().startsWith(marker); i++) body.push(lines[i]!);
      blocks.push({ type: "code-block", language: opening[2] ?? "", text: body.join("\n") });
      continue;
    }
    if (!line.trim()) {
      flush();
      continue;
    }
    const title = heading.exec(line);
    if (title) {
      flush();
      const level = title[1]!.length as 1 | 2 | 3 | 4 | 5 | 6;
      blocks.push({ type: "heading", level, children: parseInline(title[2]!) });
      continue;
    }
    if (rule.test(line)) {
      flush();
      blocks.push({ type: "rule" });
      continue;
    }
    if (/^ {0,3}>/.test(line)) {
      flush();
      const quoted: string[] = [];
      for (; i < lines.length && /^ {0,3}>/.test(lines[i]!); i++) quoted.push(lines[i]!.replace(/^ {0,3}> ?/, ""));
      i--;
      blocks.push({ type: "quote", children: parseBlocks(quoted) });
      continue;
    }
    const item = bullet.exec(line);
    if (item) {
      flush();
      const ordered = /\d/.test(item[1]!);
      const items: Block[][] = [];
      for (; i < lines.length; i++) {
        const next = bullet.exec(lines[i]!);
        if (next && /\d/.test(next[1]!) === ordered) items.push(parseBlocks([next[2]!]));
        else if (next || !lines[i]!.trim() || !/^\s{2,}/.test(lines[i]!)) break;
        else items.at(-1)?.push(...parseBlocks([lines[i]!.trim()]));
      }
      i--;
      blocks.push({ type: "list", ordered, items });
      continue;
    }
    paragraph.push(line);
  }
  flush();
  return blocks;
}

const safeHref = /^(https?:\/\/|mailto:)/i;

/** Parses inline Markdown: `code`, **strong**, *em* / _em_, ~~del~~, [text](url), bare URLs, hard breaks. */
export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  let plain = "";
  const push = (node: Inline) => {
    if (plain) out.push({ type: "text", text: plain });
    plain = "";
    out.push(node);
  };
  let i = 0;
  while (i < text.length) {
    const rest = text.slice(i);
    const char = text[i]!;
    if (char === "\\" && i + 1 < text.length && /[\\`*_~[\]()#>+\-.!]/.test(text[i + 1]!)) {
      plain += text[i + 1];
      i += 2;
      continue;
    }
    if (char === "\n") {
      push({ type: "break" });
      i++;
      continue;
    }
    const code = /^(`+)([^`]|[^`][\s\S]*?[^`])\1(?!`)/.exec(rest);
    if (code) {
      push({ type: "code", text: code[2]!.trim() || code[2]! });
      i += code[0].length;
      continue;
    }
    const span = /^(\*\*|__)(?=\S)([\s\S]*?\S)\1|^(~~)(?=\S)([\s\S]*?\S)~~|^([*_])(?=\S)([\s\S]*?\S)\5(?![*_\w])/.exec(
      rest,
    );
    if (span && (span[5] !== "_" || !/\w/.test(text[i - 1] ?? ""))) {
      const type = span[1] ? "strong" : span[3] ? "del" : "em";
      push({ type, children: parseInline(span[2] ?? span[4] ?? span[6]!) });
      i += span[0].length;
      continue;
    }
    const link = /^\[([^\]\n]+)\]\(\s*<?((?:[^\s()<>]|\([^\s()<>]*\))+)>?\s*\)/.exec(rest);
    if (link) {
      if (safeHref.test(link[2]!)) push({ type: "link", href: link[2]!, children: parseInline(link[1]!) });
      else plain += link[1];
      i += link[0].length;
      continue;
    }
    const url = /^https?:\/\/[^\s<>"'`]+[^\s<>"'`.,;:!?)\]]/.exec(rest);
    if (url && !/\w/.test(text[i - 1] ?? "")) {
      push({ type: "link", href: url[0], children: [{ type: "text", text: url[0] }] });
      i += url[0].length;
      continue;
    }
    plain += char;
    i++;
  }
  if (plain) out.push({ type: "text", text: plain });
  return out;
}
