const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };
const SKIPPED_OPENING = /<(script|style|noscript|template|iframe)\b/gi;
const BLOCK_TAG = /<\/?(?:p|div|br|li|ul|ol|h[1-6]|tr|table|section|article|header|footer|pre|blockquote)\b[^<>]*>/gi;
// `[^<>]`, not `[^>]`: a run of unclosed `<` must not make every attempt scan to the end.
const ANY_TAG = /<[^<>]*>/g;

/** Drops script, style and similar blocks; each search starts where the last one ended. */
function withoutSkippedBlocks(html: string): string {
  const lower = html.toLowerCase();
  const kept: string[] = [];
  let index = 0;
  SKIPPED_OPENING.lastIndex = 0;
  for (let match = SKIPPED_OPENING.exec(html); match; match = SKIPPED_OPENING.exec(html)) {
    kept.push(html.slice(index, match.index));
    const end = lower.indexOf(`</${match[1]!.toLowerCase()}`, SKIPPED_OPENING.lastIndex);
    const endClose = end === -1 ? -1 : html.indexOf(">", end);
    index = endClose === -1 ? html.length : endClose + 1;
    SKIPPED_OPENING.lastIndex = index;
  }
  kept.push(html.slice(index));
  return kept.join("");
}

/**
 * HTML to plain text in time linear in the input, whatever its nesting (every search moves
 * forward): script and style bodies skipped, block tags turned into line breaks, other tags
 * dropped, the common entities decoded. The fallback when the Markdown conversion runs out
 * of time or the page is too large for it.
 */
export function htmlToPlainText(html: string): string {
  return withoutSkippedBlocks(html)
    .replace(BLOCK_TAG, "\n")
    .replace(ANY_TAG, "")
    .replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,8});/gi, (entity, name: string) => {
      if (name.startsWith("#")) {
        const code = name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
        return code <= 0x10ffff ? String.fromCodePoint(code) : entity;
      }
      return ENTITIES[name.toLowerCase()] ?? entity;
    })
    .replace(/[ \t]+/g, " ")
    .replace(/ ?\n\s*/g, "\n")
    .trim();
}
