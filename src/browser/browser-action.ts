/** One thing the model asks of its conversation's browser (the `browser` tool's `action` and its arguments). */
export type BrowserAction =
  | { action: "navigate"; url: string }
  | { action: "snapshot" }
  | { action: "click"; ref: string }
  | { action: "type"; ref: string; text: string; submit?: boolean }
  | { action: "press"; key: string }
  | { action: "back" }
  | { action: "screenshot" }
  | { action: "close" }
  | { action: "evaluate"; expression: string };

/** An image a browser action returns (a screenshot), base64-encoded. */
export interface BrowserImage {
  mimeType: "image/png" | "image/jpeg";
  /** Base64. */
  data: string;
}

/** What an action answers: text for the model, and an image for its next request (a screenshot). */
export interface BrowserReply {
  text: string;
  image?: BrowserImage;
}

/** How one conversation's browser behaves: `tools.browser` of the agent it belongs to. */
export interface BrowserSettings {
  /** The Chromium to run (see `findChromium`); undefined when none was found. */
  executable: string | undefined;
  headless: boolean;
  /** Per action. */
  timeoutMs: number;
  /** Unused this long, the browser is closed. */
  idleTimeoutMs: number;
  /** `tools.browser.allow_private` or `tools.web_fetch.allow_private`. */
  allowPrivate: boolean;
  /** `tools.browser.evaluate`: `evaluate` (and a `javascript:` URL) may run code in the page. */
  evaluate: boolean;
}

/** A conversation's open browser as the dashboard lists it. */
export interface BrowserSummary {
  sessionKey: string;
  url: string;
  title: string;
  openedAt: number;
  lastUsedAt: number;
  /** When its latest screenshot was taken, if one was. */
  screenshotAt?: number;
}
