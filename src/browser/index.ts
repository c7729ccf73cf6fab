/**
 * The browser: a Chromium the agent uses through the `browser` tool, one per conversation, in the sandbox.
 *
 * - Lifetime (`browser-pool.ts`): started on a conversation's first action, kept between its turns, closed by
 *   the `close` action, `/new`, `tools.browser.idle_timeout`, the daemon's shutdown, and ended with the daemon
 *   even by SIGKILL (the sandbox's watchdog); `tools.browser.max_open` at once. Each has a fresh profile under
 *   `$SKEIN_HOME/browser/`, removed when it closes; downloads go to the workspace's `inbox/browser/` only.
 * - Process (`chromium-launch.ts`): started by the sandbox (`startSandboxed`: bubblewrap, the call's pids cgroup,
 *   no daemon secret in its environment or command line) as a user other than root, so that Chromium's own
 *   sandbox runs inside skein's (user namespaces inside bubblewrap's; where that cannot run, `--no-sandbox`,
 *   still inside skein's). Playwright (playwright-core, imported on the first start only) drives it over its
 *   DevTools pipe (`cdp-pipe.ts`): no debugging port is opened.
 * - Network (`request-guard.ts`): without `allow_private`, every request the page makes is held and checked by
 *   the SSRF guard's ranges before any connection (names resolved by the guard itself), service workers are
 *   blocked, and Chromium's only way out is the sandbox's egress proxy, which checks every connection again
 *   (redirects, WebSockets, a DNS answer that changed). With `allow_private` it has the host's network.
 * - The page (`browser-session.ts`): snapshots with element references (`page-snapshot.ts`), actions that wait
 *   for the navigation they cause (`navigation-wait.ts`), screenshots, `evaluate` only when switched on.
 *
 * This file is the room's one entry point. It imports the sandbox (through its index.ts), the config's types
 * and util; never a tool, the agent or a channel: the `browser` tool is a thin tool over {@link BrowserPool}.
 * A later takeover from the dashboard (a person solving a login or a captcha) would be another client of a
 * session's page, next to the model's actions.
 */
export type {
  BrowserAction,
  BrowserImage,
  BrowserReply,
  BrowserSettings,
  BrowserSummary,
} from "./browser-action.js";
export { BrowserError, type BrowserErrorKind } from "./browser-error.js";
export { BrowserPool, type BrowserPoolOptions, type BrowserProfile } from "./browser-pool.js";
export { type BrowserState, browserState, CHROMIUM_REMEDY, findChromium } from "./find-chromium.js";
export { SNAPSHOT_MAX_BYTES } from "./page-snapshot.js";
