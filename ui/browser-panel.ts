import { ago } from "./format.js";
import { useResource } from "./hooks.js";
import { html } from "./html.js";

interface OpenBrowser {
  key: string;
  url: string;
  title: string;
  last_used: string;
  screenshot_at?: string;
  /** A data URL. */
  screenshot?: string;
}

/**
 * A conversation's open browser, when it has one: the page it shows (title and URL, as text) and its latest
 * screenshot, refreshed as the agent acts. A later takeover from the dashboard would put its controls here.
 */
export function BrowserPanel({ conversationKey }: { conversationKey: string }) {
  const list = useResource<{ browsers: Array<{ key: string }> }>("/api/browsers", ["browsers"]);
  const open = list.data?.browsers.some((browser) => browser.key === conversationKey) ?? false;
  const path = open ? `/api/browsers/${encodeURIComponent(conversationKey)}` : undefined;
  const detail = useResource<OpenBrowser>(path, ["browsers"]);
  const browser = detail.data;
  if (!open || !browser) return null;
  return html`<section class="browser-panel" aria-label="Open browser">
    <h3>Browser</h3>
    <p><strong>${browser.title || "(no title)"}</strong> <code>${browser.url}</code></p>
    <p class="muted">last used ${ago(browser.last_used)}${browser.screenshot_at ? `, screenshot taken ${ago(browser.screenshot_at)}` : ""}</p>
    ${
      browser.screenshot
        ? html`<img class="browser-screenshot" src=${browser.screenshot} alt=${`The latest screenshot of ${browser.title || browser.url}`} />`
        : html`<p class="muted">No screenshot yet.</p>`
    }
  </section>`;
}
