/**
 * Type-aware truncation of tool results, so one verbose tool cannot flood the model's
 * context. The limit applies to the text the model receives (the tool message content).
 */

/** The largest tool message content, in UTF-8 bytes. */
export const MAX_TOOL_RESULT_BYTES = 65_536;

const encoder = new TextEncoder();
const byteLength = (text: string): number => Buffer.byteLength(text, "utf8");

/**
 * The tool message content for a value: strings as they are, anything else as JSON,
 * cut to at most `limit` bytes:
 * - a string keeps its head plus a suffix stating the original size;
 * - an array keeps its leading elements plus `{"_truncated": true, "original_count": N}`;
 * - any other JSON value is wrapped as `{"_truncated_json": "<head of its JSON>", "original_size": N}`.
 */
export function truncateForLlm(value: unknown, limit = MAX_TOOL_RESULT_BYTES): string {
  if (typeof value === "string") return truncateString(value, limit);
  const json = JSON.stringify(value) ?? "null";
  if (byteLength(json) <= limit) return json;
  if (Array.isArray(value)) return truncateArray(value, limit);
  return wrapJson(json, limit);
}

/**
 * JSON text cut to at most `limit` bytes the same way: as it is when it fits, else wrapped as
 * `{"_truncated_json": "<its head>", "original_size": N}` (still one JSON object).
 */
export function truncateJsonText(json: string, limit = MAX_TOOL_RESULT_BYTES): string {
  // More UTF-16 units than the limit are more bytes still: no need to count a long text's bytes.
  return json.length <= limit && byteLength(json) <= limit ? json : wrapJson(json, limit);
}

/** Cuts a string to `limit` bytes, suffix included, never inside a UTF-8 character. */
function truncateString(text: string, limit = MAX_TOOL_RESULT_BYTES): string {
  const size = byteLength(text);
  if (size <= limit) return text;
  const suffix = `\n[output truncated — original size: ${size} bytes]`;
  return headOfBytes(text, Math.max(0, limit - byteLength(suffix))) + suffix;
}

function truncateArray(items: unknown[], limit: number): string {
  const sentinel = JSON.stringify({ _truncated: true, original_count: items.length });
  // "[" + kept elements joined by "," + "," + sentinel + "]"
  let size = 2 + byteLength(sentinel);
  const kept: string[] = [];
  for (const item of items) {
    const json = JSON.stringify(item) ?? "null";
    const next = size + byteLength(json) + 1;
    if (next > limit) break;
    kept.push(json);
    size = next;
  }
  kept.push(sentinel);
  return `[${kept.join(",")}]`;
}

function wrapJson(json: string, limit: number): string {
  const originalSize = byteLength(json);
  const envelope = (head: string) => JSON.stringify({ _truncated_json: head, original_size: originalSize });
  const fits = (end: number) => byteLength(envelope(safeSlice(json, end))) <= limit;
  // Find the longest head whose envelope fits (escaping and wide characters grow a head). No head longer
  // than the room the envelope leaves fits (a character is a byte at least), and a head shorter than that
  // by as many characters as it overflows, and one more, fits: the search is over the few between.
  let high = Math.min(json.length, limit, Math.max(0, limit - byteLength(envelope(""))));
  const widest = envelope(safeSlice(json, high));
  const overflow = byteLength(widest) - limit;
  if (overflow <= 0) return widest;
  let low = Math.max(0, high - overflow - 1);
  if (!fits(low)) low = 0;
  high -= 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (fits(middle)) low = middle;
    else high = middle - 1;
  }
  return envelope(safeSlice(json, low));
}

/** The longest prefix of `text` that is at most `bytes` UTF-8 bytes long. */
function headOfBytes(text: string, bytes: number): string {
  const buffer = new Uint8Array(bytes);
  const { read } = encoder.encodeInto(text, buffer);
  return text.slice(0, read);
}

/** `text.slice(0, end)` without splitting a surrogate pair. */
function safeSlice(text: string, end: number): string {
  const code = text.charCodeAt(end - 1);
  return code >= 0xd800 && code <= 0xdbff ? text.slice(0, end - 1) : text.slice(0, end);
}
