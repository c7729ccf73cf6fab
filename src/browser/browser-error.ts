/**
 * Why a browser action failed, one meaning per kind: `refused`, the guard or a setting refused it
 * (a private address, a scheme, `evaluate` while it is off); `invalid`, the action cannot apply
 * (an unknown reference, nothing to go back to); `limit`, `tools.browser.max_open` browsers are
 * open; `unavailable`, no browser can start here (why, and how to fix it); `timeout`, the action
 * took longer than `tools.browser.timeout`; `failed`, anything else the browser reported.
 */
export type BrowserErrorKind = "refused" | "invalid" | "limit" | "unavailable" | "timeout" | "failed";

/** A browser action that did not happen, or not as asked; the message is for the model. */
export class BrowserError extends Error {
  override readonly name = "BrowserError";
  constructor(
    readonly kind: BrowserErrorKind,
    message: string,
  ) {
    super(message);
  }
}
