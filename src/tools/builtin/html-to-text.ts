const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };
const BLOCK_TAG = /^\/?(p|div|br|li|ul|ol|h[1-6]|tr|table|section|article|header|footer|pre|blockquote)\b/;
const SKIPPED_TAGS = ["script", "style", "noscript", "template", "iframe"];

/**
 * HTML to plain text in one pass (every search moves forward, so the time is linear in
 * the input whatever its nesting): tags dropped, script and style bodies skipped, block
 * tags turned into line breaks, the common entities decoded. The fallback when the
 * Markdown conversion runs out of time or the page is too large for it.
 */
export function htmlToPlainText(html: string): string {
  const lower = html.toLowerCase();
  const out: string[] = [];
  let index = 0;
  while (index < html.length) {
    const open = html.indexOf("<", index);
    if (open === -1) {
      out.push(html.slice(index));
      break;
    }
    out.push(html.slice(index, open));
    const close = html.indexOf(">", open);
    if (close === -1) break;
    const tag = lower.slice(open + 1, Math.min(close, open + 16));
    const skipped = SKIPPED_TAGS.find((name) => tag.startsWith(name));
    if (skipped) {
      const end = lower.indexOf(`</${skipped}`, close);
      const endClose = end === -1 ? -1 : html.indexOf(">", end);
      index = endClose === -1 ? html.length : endClose + 1;
      continue;
    }
    if (BLOCK_TAG.test(tag)) out.push("\n");
    index = close + 1;
  }
  return out
    .join("")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
      if (name.startsWith("#")) {
        const code = name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
        return Number.isInteger(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
      }
      return ENTITIES[name.toLowerCase()] ?? entity;
    })
    .replace(/[ \t]+/g, " ")
    .replace(/ ?\n[\s]*/g, "\n")
    .trim();
}
