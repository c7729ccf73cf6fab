/** The tags Telegram's HTML parse mode accepts. */
const allowedTags = new Set([
  "b",
  "strong",
  "i",
  "em",
  "u",
  "ins",
  "s",
  "strike",
  "del",
  "span",
  "tg-spoiler",
  "a",
  "code",
  "pre",
  "blockquote",
  "tg-emoji",
]);

/** Checks HTML the way Telegram does: only its tag set, balanced, `<`, `>`, `&` escaped. Returns the visible text. */
export function parseTelegramHtml(html: string): { text: string } | { error: string } {
  const open: string[] = [];
  let text = "";
  const tag = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[a-zA-Z-]+="[^"]*")*)\s*>/y;
  for (let index = 0; index < html.length; ) {
    const character = html[index]!;
    if (character === "<") {
      tag.lastIndex = index;
      const match = tag.exec(html);
      if (!match) return { error: `Unexpected end of name token at byte offset ${index}` };
      const [whole, closing, rawName, attributes] = match as unknown as [string, string, string, string];
      const name = rawName.toLowerCase();
      if (!allowedTags.has(name)) return { error: `Unsupported start tag "${name}" at byte offset ${index}` };
      if (closing) {
        if (open.pop() !== name) return { error: `Can't find end tag corresponding to start tag "${name}"` };
      } else {
        if (name === "span" && !/class="tg-spoiler"/.test(attributes))
          return { error: `Tag "span" must have class "tg-spoiler"` };
        if (name === "a" && !/href="/.test(attributes)) return { error: `Tag "a" must have attribute "href"` };
        open.push(name);
      }
      index += whole.length;
    } else if (character === ">") {
      return { error: `Unexpected ">" at byte offset ${index}` };
    } else if (character === "&") {
      const entity = /^&(lt|gt|amp|quot|#\d+|#x[0-9a-fA-F]+);/.exec(html.slice(index, index + 12));
      if (!entity) return { error: `Unsupported character entity at byte offset ${index}` };
      text += decodeEntity(entity[1]!);
      index += entity[0].length;
    } else {
      text += character;
      index += 1;
    }
  }
  if (open.length) return { error: `Can't find end tag corresponding to start tag "${open.at(-1)}"` };
  return { text };
}

function decodeEntity(name: string): string {
  if (name.startsWith("#x")) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
  if (name.startsWith("#")) return String.fromCodePoint(Number(name.slice(1)));
  return { lt: "<", gt: ">", amp: "&", quot: '"' }[name] ?? "";
}
