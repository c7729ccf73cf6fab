import type { Page } from "playwright-core";

/** A snapshot's text is cut at this many UTF-8 bytes, its note included. */
export const SNAPSHOT_MAX_BYTES = 70_000;

/** The references a snapshot gives its elements (`e12`, or `f1e3` inside a frame). */
export const REFERENCE = /^(?:f\d+)?e\d+$/;

/**
 * The page as the model reads it: its title and URL, then the page's accessibility tree, one element a line,
 * each with its ARIA role (`button`, `link`, `textbox`, ...), its accessible name in quotes and a reference
 * (`[ref=e12]`) that `click` and `type` take until the next snapshot; text between them as it reads. It is
 * Playwright's snapshot for AI (`ariaSnapshot({ mode: "ai" })`, frames included), cut at
 * {@link SNAPSHOT_MAX_BYTES} with a note saying so.
 */
export async function pageSnapshot(page: Page, timeoutMs: number): Promise<PageSnapshot> {
  const [title, tree] = await Promise.all([page.title(), page.ariaSnapshot({ mode: "ai", timeout: timeoutMs })]);
  // Playwright names the main frame's elements `f<n>e<m>` once the page has had several documents: they are
  // shown as `e<m>` (and taken back by `fullReference`), the elements of inner frames keep their frame's prefix.
  const mainFrame = /\[ref=(f\d+)?e\d+\]/.exec(tree)?.[1] ?? "";
  const shown = mainFrame ? tree.replace(new RegExp(`\\[ref=${mainFrame}(e\\d+)\\]`, "g"), "[ref=$1]") : tree;
  return { text: cutAt(`Title: ${title}\nURL: ${page.url()}\n\n${shown}`, SNAPSHOT_MAX_BYTES), mainFrame };
}

/** A snapshot's text, and the prefix of its main frame's references that the text leaves out. */
export interface PageSnapshot {
  text: string;
  mainFrame: string;
}

/** The reference Playwright knows for one the model read in a snapshot (`e12` of the main frame, or `f3e4`). */
export const fullReference = (ref: string, mainFrame: string): string =>
  /^e\d+$/.test(ref) ? `${mainFrame}${ref}` : ref;

/** `text` whole when it fits in `limit` bytes; else its head up to the last whole line that fits, and a note. */
export function cutAt(text: string, limit: number): string {
  const size = Buffer.byteLength(text, "utf8");
  if (size <= limit) return text;
  const note = (kept: number) =>
    `\n[... the page is longer: the snapshot was cut at ${limit.toLocaleString("en-US")} bytes; ` +
    `${(size - kept).toLocaleString("en-US")} more bytes not shown ...]`;
  // The note is longest when it counts every byte as not shown.
  const room = limit - Buffer.byteLength(note(0), "utf8");
  let head = Buffer.from(text, "utf8").subarray(0, room).toString("utf8");
  // A character cut in two decodes as U+FFFD: drop it, then the line it ends.
  head = head.replace(/\uFFFD$/, "");
  const lineEnd = head.lastIndexOf("\n");
  if (lineEnd > 0) head = head.slice(0, lineEnd);
  return head + note(Buffer.byteLength(head, "utf8"));
}
