/**
 * Splitting long Markdown replies into chunks a platform accepts, without breaking
 * code blocks: a fenced block cut in two is closed at the end of one chunk and
 * reopened (with its language) at the start of the next.
 */

export interface ChunkOptions {
  /** Maximum size of one chunk, as measured by `measure`. */
  limit: number;
  /** Size of a chunk as the platform counts it (default: its length in UTF-16 units). */
  measure?: (chunk: string) => number;
}

/** An open fenced code block: its marker (```` ``` ````, `~~~`, ...) and the info string after it. */
interface OpenFence {
  marker: string;
  info: string;
}

const fenceLine = /^ {0,3}(`{3,}|~{3,})([^\n]*)$/;

/** The fence state after reading `text[from, to)`, starting in `state`. */
function fenceStateAfter(text: string, from: number, to: number, state: OpenFence | undefined): OpenFence | undefined {
  let lineStart = from;
  while (lineStart < to) {
    const newline = text.indexOf("\n", lineStart);
    const lineEnd = newline === -1 || newline > to ? to : newline;
    const match = fenceLine.exec(text.slice(lineStart, lineEnd));
    if (match) {
      const marker = match[1]!;
      const rest = match[2]!;
      if (!state) {
        if (!(marker.startsWith("`") && rest.includes("`"))) state = { marker, info: rest.trim() };
      } else if (marker[0] === state.marker[0] && marker.length >= state.marker.length && rest.trim() === "") {
        state = undefined;
      }
    }
    lineStart = lineEnd + 1;
  }
  return state;
}

/** Kinds of places to cut, best first: between paragraphs, between lines, between words. */
const boundaries: Array<{ find: (text: string, before: number) => number; skip: RegExp; anywhere: boolean }> = [
  { find: (text, before) => text.lastIndexOf("\n\n", before), skip: /^\n+/, anywhere: false },
  { find: (text, before) => text.lastIndexOf("\n", before), skip: /^\n/, anywhere: false },
  {
    find: (text, before) => Math.max(text.lastIndexOf(" ", before), text.lastIndexOf("\t", before)),
    skip: /^[ \t]/,
    anywhere: true,
  },
];

/** How many earlier candidates of one kind are tried when the last one does not fit. */
const candidatesPerKind = 8;

/**
 * Splits Markdown into chunks no larger than `limit`, preferring paragraph, then line,
 * then word boundaries. A fenced code block cut in two is closed at the end of one chunk
 * and reopened, with its language, at the start of the next; the fence lines added count
 * towards the limit. Empty text gives no chunks.
 */
export function chunkText(text: string, options: ChunkOptions): string[] {
  const measure = options.measure ?? ((chunk: string) => chunk.length);
  const { limit } = options;
  if (!(limit >= 1)) throw new RangeError(`chunk limit must be at least 1 (got ${limit})`);
  const chunks: string[] = [];
  let start = 0;
  let carried: OpenFence | undefined;

  const build = (end: number, withFences: boolean) => {
    const body = text.slice(start, end).trimEnd();
    const open = carried && withFences ? `${carried.marker}${carried.info}\n` : "";
    const stillOpen = withFences && fenceStateAfter(text, start, end, carried);
    return { body, chunk: open + body + (stillOpen ? `\n${stillOpen.marker}` : ""), stillOpen: stillOpen || undefined };
  };
  const fits = (end: number, withFences = true) => {
    const { body, chunk } = build(end, withFences);
    return body.trim() !== "" && measure(chunk) <= limit;
  };

  while (start < text.length) {
    if (text.slice(start).trim() === "") break;
    if (fits(text.length)) {
      chunks.push(build(text.length, true).chunk);
      break;
    }
    // Limits too small for the added fence lines still get chunks, without them.
    let withFences = true;
    let longest = longestFit(start, text.length, (end) => fits(end, true));
    if (longest <= start) {
      withFences = false;
      longest = longestFit(start, text.length, (end) => fits(end, false));
    }
    if (longest <= start)
      throw new RangeError(`chunk limit ${limit} is too small for "${text.slice(start, start + 2)}"`);
    let end = longest;
    let skip: RegExp | undefined;
    for (const boundary of boundaries) {
      const found = findBoundary(text, start, longest, boundary, (at) => fits(at, withFences));
      if (found !== -1) {
        end = found;
        skip = boundary.skip;
        break;
      }
    }
    if (!skip && isHighSurrogate(text.charCodeAt(end - 1)) && end - 1 > start) end -= 1;
    const built = build(end, withFences);
    chunks.push(built.chunk);
    carried = built.stillOpen;
    start = end + (skip?.exec(text.slice(end, end + 256))?.[0].length ?? 0);
    if (carried && closesAt(text, start, carried)) {
      // The block ends right where we cut: skip its closing line instead of reopening an empty block.
      const newline = text.indexOf("\n", start);
      start = newline === -1 ? text.length : newline + 1;
      carried = undefined;
    }
  }
  return chunks;
}

/** The largest `end` in (start, max] for which `fits(end)` holds, or `start` when none does. */
function longestFit(start: number, max: number, fits: (end: number) => boolean): number {
  let low = start;
  let high = max;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (fits(middle)) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** The last boundary of one kind at or before `longest` that fits, or -1. */
function findBoundary(
  text: string,
  start: number,
  longest: number,
  boundary: (typeof boundaries)[number],
  fits: (end: number) => boolean,
): number {
  const lowest = boundary.anywhere ? start + 1 : start + Math.max(1, Math.floor((longest - start) / 2));
  let before = longest;
  for (let tries = 0; tries < candidatesPerKind; tries++) {
    const at = boundary.find(text, before);
    if (at < lowest) return -1;
    if (at <= longest && fits(at)) return at;
    before = at - 1;
  }
  return -1;
}

/** Whether the line starting at `start` closes the open block `carried`. */
function closesAt(text: string, start: number, carried: OpenFence): boolean {
  const newline = text.indexOf("\n", start);
  return fenceStateAfter(text, start, newline === -1 ? text.length : newline, carried) === undefined;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
