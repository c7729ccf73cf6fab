import type { Frame, Page, Request, Response } from "playwright-core";

/** What happened to the page's own document while an action ran. */
export interface ActionNavigation {
  /** The main frame loaded a new document (or an error page in its place). */
  navigated: boolean;
  /** The main document's answer, when one came (the last of a redirect chain). */
  response?: Response;
  /** Why the main document failed to load (Chromium's error, e.g. `net::ERR_BLOCKED_BY_CLIENT`). */
  failure?: string;
  /** The page was still loading when the time ran out. */
  stillLoading?: boolean;
}

/**
 * Runs `action` (a click, a submit, a key press, going back) and waits for the navigation it caused, so that the
 * next snapshot describes the new page: Playwright's actions already wait for a navigation they start to commit;
 * this waits for one still on its way (its request was made) to commit or fail, then for the new page's `load`.
 */
export async function withNavigation<T>(
  page: Page,
  timeoutMs: number,
  action: () => Promise<T>,
): Promise<{ result: T; navigation: ActionNavigation }> {
  const main = page.mainFrame();
  const navigation: ActionNavigation = { navigated: false };
  let requested: Request | undefined;
  let settle: (() => void) | undefined;
  const settled = new Promise<void>((resolve) => {
    settle = resolve;
  });
  const onRequest = (request: Request) => {
    if (request.isNavigationRequest() && request.frame() === main) requested = request;
  };
  const onNavigated = (frame: Frame) => {
    if (frame !== main) return;
    navigation.navigated = true;
    settle?.();
  };
  const onFailed = (request: Request) => {
    if (request !== requested) return;
    navigation.failure = request.failure()?.errorText ?? "failed";
    settle?.();
  };
  const onResponse = (response: Response) => {
    if (response.request() === requested) navigation.response = response;
  };
  page.on("request", onRequest).on("framenavigated", onNavigated).on("requestfailed", onFailed);
  page.on("response", onResponse);
  let timer: NodeJS.Timeout | undefined;
  try {
    const result = await action();
    if (requested && !navigation.navigated && navigation.failure === undefined) {
      const expired = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, timeoutMs);
      });
      await Promise.race([settled, expired]);
    }
    if (navigation.navigated)
      await page.waitForLoadState("load", { timeout: timeoutMs }).catch(() => {
        navigation.stillLoading = true;
      });
    return { result, navigation };
  } finally {
    clearTimeout(timer);
    page.off("request", onRequest).off("framenavigated", onNavigated).off("requestfailed", onFailed);
    page.off("response", onResponse);
  }
}
