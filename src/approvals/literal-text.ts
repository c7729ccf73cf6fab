/**
 * Characters that would hide, reorder or disguise what a prompt shows: control characters
 * (all but the line feed, which shows as a line break), format characters (bidi overrides
 * and isolates, zero-width characters, tag characters), other default-ignorable code points
 * (variation selectors, Hangul fillers), line and paragraph separators, every space but
 * U+0020, private-use characters and lone surrogates.
 */
const HIDDEN = /(?!\n)[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\p{Zl}\p{Zp}\p{Co}\p{Cs}]|[^\S\n ]/gu;

const NAMED: Readonly<Record<string, string>> = { "\t": "\\t", "\r": "\\r" };

/** `\u202e`, `\u{e0041}`: a code point spelled out. */
function spelled(character: string): string {
  const named = NAMED[character];
  if (named) return named;
  const code = character.codePointAt(0) ?? 0;
  const hex = code.toString(16);
  return code > 0xffff ? `\\u{${hex}}` : `\\u${hex.padStart(4, "0")}`;
}

/**
 * The text with every character that would not show as itself spelled out (`\u202e`,
 * `\u200b`, `\t`, `\r`, `\u001b`), so what is displayed is what is there. Nothing else
 * changes: no whitespace is collapsed, nothing is cut.
 */
export function showLiterally(text: string): string {
  return text.replace(HIDDEN, spelled);
}
