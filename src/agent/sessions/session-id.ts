/**
 * Session keys (`channel:chatId[:threadId]`) and the file names they are stored under.
 *
 * A key is validated before any filesystem use: it must not be empty or longer than
 * 256 bytes, and must not contain `..`, `/`, `\`, NUL or other control characters.
 * The file name is then a reversible encoding of the key (percent-encoding, with `.`
 * and `%` escaped too), so even a valid key can never name another path.
 */

const MAX_KEY_BYTES = 256;
// eslint-disable-next-line no-control-regex
const forbiddenCharacters = /[\u0000-\u001F\u007F/\\]/;

/** A session key that cannot be used. */
export class SessionIdError extends Error {
  override readonly name = "SessionIdError";
}

/** Throws a {@link SessionIdError} saying why `key` is not a usable session key. */
export function validateSessionKey(key: string): void {
  if (key === "") throw new SessionIdError("session id is empty");
  if (Buffer.byteLength(key, "utf8") > MAX_KEY_BYTES)
    throw new SessionIdError(`session id is longer than ${MAX_KEY_BYTES} bytes`);
  if (key.includes("..")) throw new SessionIdError("session id contains '..'");
  const forbidden = forbiddenCharacters.exec(key);
  if (forbidden) {
    const what = forbidden[0] === "/" || forbidden[0] === "\\" ? `'${forbidden[0]}'` : "a control character";
    throw new SessionIdError(`session id contains ${what}`);
  }
}

/** The file name stem for a (valid) session key; {@link decodeSessionFileName} reverses it. */
export function encodeSessionKey(key: string): string {
  validateSessionKey(key);
  return encodeURIComponent(key).replace(/\./g, "%2E").replace(/\*/g, "%2A");
}

/** The session key a file name stem encodes. */
export function decodeSessionFileName(stem: string): string {
  return decodeURIComponent(stem);
}
