/** Control characters that never belong in chat text: C0 except \t \n \r, and DEL. */
const controlCharacters = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

/** Strips NUL, DEL and ASCII control characters, keeping newline, carriage return and tab. */
export function sanitizeText(text: string): string {
  return text.replace(controlCharacters, "");
}
