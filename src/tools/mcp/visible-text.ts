import { wellFormed } from "../../util/well-formed.js";

/**
 * Characters a person reading a tool's description does not see but a model reads: Unicode tag
 * characters (U+E0000-E007F, "ASCII smuggling"), bidi controls (U+061C, U+200E-200F,
 * U+202A-202E, U+2066-2069), zero-width and invisible format characters (U+00AD, U+180E,
 * U+200B-200D, U+2060-2064, U+FEFF) and the supplementary variation selectors (U+E0100-E01EF).
 */
const invisible =
  /[\u{E0000}-\u{E007F}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069\u00AD\u180E\u200B-\u200D\u2060-\u2064\uFEFF]|[\u{E0100}-\u{E01EF}]/gu;

/** `text` without invisible characters and with lone surrogates made U+FFFD. */
export function visibleText(text: string): string {
  return wellFormed(text).replace(invisible, "");
}

/** Whether `text` holds any character {@link visibleText} removes. */
export function hasInvisible(text: string): boolean {
  invisible.lastIndex = 0;
  const found = invisible.test(text);
  invisible.lastIndex = 0;
  return found;
}

/** `value` with {@link visibleText} applied to every string value (not to keys: they are argument names). */
export function visibleDeep<T>(value: T): T {
  if (typeof value === "string") return visibleText(value) as T;
  if (Array.isArray(value)) return value.map(visibleDeep) as T;
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, visibleDeep(item)])) as T;
}
