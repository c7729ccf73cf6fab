import { wellFormed } from "../util/well-formed.js";

/** Control characters that never belong in chat text: C0 except \t \n \r, and DEL. */
const controlCharacters = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

/** Strips NUL, DEL and ASCII control characters, keeping newline, carriage return and tab; lone surrogates become U+FFFD. */
export function sanitizeText(text: string): string {
  return wellFormed(text.replace(controlCharacters, ""));
}
