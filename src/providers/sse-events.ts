/** One Server-Sent Event: its `event` field (null when it had none) and its data lines joined by `\n`. */
export interface SseEvent {
  event: string | null;
  data: string;
}

/**
 * The events of an SSE body (the WHATWG event-stream format: lines ending in `\n`, `\r\n` or `\r`; an empty
 * line dispatches; `:` starts a comment; a field's value after `field:` loses one leading space). An event
 * without data lines is dropped, as browsers do, and so is one the body ends before its empty line. The text is
 * decoded as UTF-8 across chunk boundaries, and each byte is searched for a line end once, however long a line
 * grows over many chunks.
 */
export async function* sseEvents(body: AsyncIterable<Uint8Array>): AsyncGenerator<SseEvent> {
  const decoder = new TextDecoder();
  let pending = "";
  /** Up to where `pending` holds no line end (past its first line's start). */
  let searched = 0;
  let event: string | null = null;
  let data: string[] = [];
  for await (const chunk of body) {
    pending += decoder.decode(chunk, { stream: true });
    let start = 0;
    // The next `\r`, found once and reused until passed (most streams have none: then -1 for the whole chunk).
    let carriage = pending.indexOf("\r", searched);
    for (;;) {
      const from = Math.max(start, searched);
      if (carriage >= 0 && carriage < from) carriage = pending.indexOf("\r", from);
      const end = lineEnd(pending, from, carriage);
      if (end < 0) break;
      const line = pending.slice(start, end);
      start = end + (pending.charCodeAt(end) === 13 && pending.charCodeAt(end + 1) === 10 ? 2 : 1);
      if (line === "") {
        if (data.length > 0) yield { event, data: data.join("\n") };
        event = null;
        data = [];
        continue;
      }
      const colon = line.indexOf(":");
      if (colon === 0) continue;
      const field = colon < 0 ? line : line.slice(0, colon);
      let value = colon < 0 ? "" : line.slice(colon + 1);
      if (value.charCodeAt(0) === 32) value = value.slice(1);
      if (field === "data") data.push(value);
      else if (field === "event") event = value;
    }
    if (start > 0) pending = pending.slice(start);
    // A `\r` at the very end may be the first half of `\r\n`: it is looked at again with the next chunk.
    searched = Math.max(0, pending.length - 1);
  }
}

/** Where the line searched from `from` ends (its `\n`, or the `\r` at `carriage`), or -1 while the text may still grow it. */
function lineEnd(text: string, from: number, carriage: number): number {
  const newline = text.indexOf("\n", from);
  if (carriage < 0 || (newline >= 0 && newline < carriage)) return newline;
  return carriage + 1 < text.length ? carriage : -1;
}
