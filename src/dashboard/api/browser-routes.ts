import { type ApiRoute, apiError, ok } from "../dashboard-routes.js";
import type { DashboardSources } from "../dashboard-sources.js";
import type { OpenBrowser } from "../open-browsers.js";

/**
 * The conversations' open browsers (`browsers` events say when they change): each one's page (URL and title,
 * redacted) and its latest screenshot as a data URL. Without browsers (the daemon has none), the list is empty.
 */
export function browserRoutes(sources: DashboardSources): ApiRoute[] {
  const shown = (browser: OpenBrowser) => ({
    key: browser.sessionKey,
    url: sources.redact(browser.url),
    title: sources.redact(browser.title),
    opened_at: new Date(browser.openedAt).toISOString(),
    last_used: new Date(browser.lastUsedAt).toISOString(),
    ...(browser.screenshotAt && { screenshot_at: new Date(browser.screenshotAt).toISOString() }),
  });
  return [
    {
      method: "GET",
      path: "/api/browsers",
      handle: async () => ok({ browsers: (sources.browsers?.list() ?? []).map(shown) }),
    },
    {
      method: "GET",
      path: "/api/browsers/:key",
      handle: async ({ params }) => {
        const browser = sources.browsers?.list().find((open) => open.sessionKey === params.key);
        if (!browser) return apiError(404, "this conversation has no open browser");
        const image = await sources.browsers!.screenshot(browser.sessionKey);
        return ok({
          ...shown(browser),
          ...(image && { screenshot: `data:${image.mimeType};base64,${image.data}` }),
        });
      },
    },
  ];
}
