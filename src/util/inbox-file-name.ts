import { open } from "node:fs/promises";
import { join } from "node:path";

/**
 * Names for files saved under `inbox/` (a chat's attachments, the browser's downloads), from names a peer chose: one path
 * segment of letters, marks, digits, `.`, `_` and `-` (separators, percent-encoded ones too,
 * controls, bidi, zero-width and tag characters become `_`), no leading dot, no `..`, no
 * Windows device name, and at most {@link MAX_NAME_BYTES} bytes of UTF-8, cut between
 * characters, keeping the extension.
 */

/** The most bytes (UTF-8) a saved name may take, its date prefix and collision suffix included. */
export const MAX_NAME_BYTES = 120;

/** The most bytes an extension (with its dot) may take and still be kept whole. */
const MAX_EXTENSION_BYTES = 16;

const WINDOWS_DEVICE = /^(?:con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])$/i;

const bytes = (text: string) => Buffer.byteLength(text, "utf8");

/** A name split into what may be shortened and the extension that is kept. */
export interface SafeName {
  stem: string;
  extension: string;
}

/** The longest start of `text` (whole code points) that fits in `limit` bytes of UTF-8. */
export function cutToBytes(text: string, limit: number): string {
  let kept = "";
  let used = 0;
  for (const character of text) {
    const size = bytes(character);
    if (used + size > limit) break;
    kept += character;
    used += size;
  }
  return kept;
}

/** One path segment of safe characters, or undefined when nothing is left of `name`. */
function cleanSegment(name: string): string | undefined {
  const lastSegment = name
    .normalize("NFC")
    .replace(/%(?:2f|5c|00)/gi, "/")
    .split(/[/\\]/)
    .at(-1)!;
  const cleaned = lastSegment
    .replace(/[^\p{L}\p{M}\p{N}._-]+/gu, "_")
    .replace(/\.{2,}/g, ".")
    .replace(/^\.+|\.+$/g, "");
  return /[\p{L}\p{N}]/u.test(cleaned) ? cleaned : undefined;
}

/**
 * The safe form of a peer's file name (or of `fallback` when nothing usable is left): the extension is the last `.xyz` of letters and digits up to 16 bytes.
 */
export function safeInboxName(name: string, fallback: string): SafeName {
  const cleaned = cleanSegment(name) ?? cleanSegment(fallback) ?? "file";
  const dot = cleaned.lastIndexOf(".");
  const candidate = dot > 0 ? cleaned.slice(dot) : "";
  const extension = /^\.[\p{L}\p{N}]+$/u.test(candidate) && bytes(candidate) <= MAX_EXTENSION_BYTES ? candidate : "";
  let stem = cleaned.slice(0, cleaned.length - extension.length);
  if (WINDOWS_DEVICE.test(stem.split(".")[0]!)) stem = `_${stem}`;
  return { stem, extension };
}

/** `<prefix><stem><suffix><extension>`, the stem cut so the whole fits in {@link MAX_NAME_BYTES}. */
export function composeName(prefix: string, name: SafeName, suffix = ""): string {
  const room = MAX_NAME_BYTES - bytes(prefix) - bytes(suffix) - bytes(name.extension);
  return `${prefix}${cutToBytes(name.stem, Math.max(room, 1))}${suffix}${name.extension}`;
}

/** A folder name (a channel's or a chat's id) as one safe segment. */
export function safeSegment(name: string): string {
  return cutToBytes(cleanSegment(name) ?? "_", MAX_NAME_BYTES);
}

/**
 * Creates `<prefix><name>` in `folder` exclusively, so that two files of one name never overwrite each other (the
 * second is `<prefix><stem>-2<extension>`), nor any file already there; resolves with its path.
 */
export async function reserveName(folder: string, prefix: string, name: SafeName): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    const candidate = join(folder, composeName(prefix, name, attempt === 1 ? "" : `-${attempt}`));
    try {
      await (await open(candidate, "wx")).close();
      return candidate;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST" || attempt > 1000) throw error;
    }
  }
}
