/** A conversation's open browser as the dashboard lists it. */
export interface OpenBrowser {
  sessionKey: string;
  url: string;
  title: string;
  openedAt: number;
  lastUsedAt: number;
  /** When its latest screenshot was taken, if one was. */
  screenshotAt?: number;
}

/**
 * The conversations' open browsers, as the dashboard reads them (the daemon hands it its browser pool): what each
 * shows now and its latest screenshot. A later takeover (a person solving a login or a captcha in a browser the
 * agent opened) would add its input here, next to what is read.
 */
export interface OpenBrowsers {
  list(): OpenBrowser[];
  screenshot(sessionKey: string): Promise<{ mimeType: string; data: string } | undefined>;
  /** Calls `listener` whenever a browser opens, acts or closes; returns how to stop. */
  onChange(listener: () => void): () => void;
}
