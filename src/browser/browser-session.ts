import type { BrowserContext, Page } from "playwright-core";
import type { BrowserAction, BrowserImage, BrowserReply, BrowserSettings } from "./browser-action.js";
import { BrowserError } from "./browser-error.js";
import { type ChromiumLaunch, type LaunchedChromium, launchChromium, VIEWPORT } from "./chromium-launch.js";
import { Downloads } from "./downloads.js";
import { type ActionNavigation, withNavigation } from "./navigation-wait.js";
import { evaluateInPage } from "./page-evaluate.js";
import { cutAt, fullReference, pageSnapshot, REFERENCE, SNAPSHOT_MAX_BYTES } from "./page-snapshot.js";
import type { RequestGuard } from "./request-guard.js";

/** Images above this size go as JPEG instead of PNG (chat images have the same cap). */
const MAX_PNG_BYTES = 5 * 1024 * 1024;

/** The header the egress proxy's refusals carry: a redirect to a refused address shows as its 403. */
const REFUSED_HEADER = "x-skein-refused";

export interface BrowserSessionOptions {
  launch: ChromiumLaunch;
  settings: BrowserSettings;
  /** Checks what the page requests (installed only without `allow_private`) and what `navigate` opens. */
  guard: RequestGuard;
  /** The workspace, for the paths the model is told. */
  workspace: string;
  /** Where completed downloads go: the workspace's `inbox/browser/`. */
  inboxDir: string;
  /** Told after each action and screenshot (the dashboard follows the browser). */
  onChange: () => void;
}

/**
 * One conversation's browser: a Chromium with its own profile and one context (cookies kept while it runs,
 * service workers blocked, downloads into the inbox), the page the model works on (the newest one opened),
 * the latest snapshot's references, the latest screenshot.
 */
export class BrowserSession {
  readonly openedAt = Date.now();
  lastUsedAt = Date.now();
  title = "";
  screenshot: (BrowserImage & { at: number }) | undefined;
  #page: Page;
  /** The latest snapshot's main-frame reference prefix, or undefined when the page has none (yet, or any more). */
  #snapshot: string | undefined;
  /** What the guard refused since the last action's answer told it (`url: reason`). */
  readonly #refused: string[];
  /** How many of {@link #refused} came before the running action started. */
  #refusedBefore = 0;

  private constructor(
    private readonly options: BrowserSessionOptions,
    private readonly launched: LaunchedChromium,
    private readonly context: BrowserContext,
    private readonly downloads: Downloads,
    refused: string[],
    page: Page,
  ) {
    this.#refused = refused;
    this.#page = page;
  }

  /** Starts the browser (see `launchChromium`) with its context, guard and first page. */
  static async open(options: BrowserSessionOptions): Promise<BrowserSession> {
    const launched = await launchChromium(options.launch);
    try {
      const context = await launched.browser.newContext({
        serviceWorkers: "block",
        acceptDownloads: true,
        viewport: VIEWPORT,
      });
      context.setDefaultTimeout(options.settings.timeoutMs);
      // The guard is in place before any page exists: the first page's first request is held like every other.
      const refused: string[] = [];
      if (!options.settings.allowPrivate)
        await options.guard.install(context, (url, reason) => refused.push(`${url}: ${reason}`));
      const downloads = new Downloads(options.inboxDir, options.workspace);
      const session = new BrowserSession(options, launched, context, downloads, refused, await context.newPage());
      context.on("page", (page) => session.#follow(page));
      session.#follow(session.#page);
      return session;
    } catch (error) {
      await launched.process.kill();
      throw error;
    }
  }

  /** Whether Chromium's own sandbox runs (inside skein's). */
  get chromiumSandbox(): boolean {
    return this.launched.chromiumSandbox;
  }

  /** Resolves when the browser's process has ended (closed, or died). */
  get ended(): Promise<unknown> {
    return this.launched.process.exited;
  }

  get url(): string {
    return this.#page.url();
  }

  /** Runs one action; failures and refusals reject with a {@link BrowserError}. */
  async act(action: Exclude<BrowserAction, { action: "close" }>): Promise<BrowserReply> {
    this.lastUsedAt = Date.now();
    // What the page tried between two actions (a meta refresh, a timer) is told with this one's answer.
    this.#refusedBefore = this.#refused.length;
    try {
      const reply = await this.#run(action);
      return { ...reply, text: this.#withNotes(reply.text) };
    } catch (error) {
      // The error says what mattered; what the page tried meanwhile is not carried to the next answer.
      this.#refused.splice(0);
      throw asBrowserError(error, this.options.settings.timeoutMs);
    } finally {
      this.title = await this.#page.title().catch(() => this.title);
      this.options.onChange();
    }
  }

  /** Ends the browser and every process of it. */
  async close(): Promise<void> {
    await this.launched.browser.close().catch(() => undefined);
    await this.launched.process.kill();
  }

  async #run(action: Exclude<BrowserAction, { action: "close" }>): Promise<BrowserReply> {
    const page = this.#page;
    const { timeoutMs } = this.options.settings;
    switch (action.action) {
      case "navigate":
        return this.#navigate(action.url);
      case "snapshot": {
        const { text, mainFrame } = await pageSnapshot(page, timeoutMs);
        this.#snapshot = mainFrame;
        return { text };
      }
      case "click": {
        const element = await this.#element(action.ref);
        return this.#moved(await withNavigation(page, timeoutMs, () => element.click()), "click");
      }
      case "type": {
        const element = await this.#element(action.ref);
        const typed = await withNavigation(page, timeoutMs, async () => {
          await element.fill(action.text);
          if (action.submit) await element.press("Enter");
        });
        return this.#moved(typed, action.submit ? "typed and submitted" : "typed");
      }
      case "press": {
        // On the focused element as an element action: Playwright then waits for a navigation it starts.
        const focused = page.locator("*:focus").first();
        const press = async () =>
          (await focused.count()) ? focused.press(action.key) : page.keyboard.press(action.key);
        return this.#moved(await withNavigation(page, timeoutMs, press), "pressed");
      }
      case "back": {
        const back = await withNavigation(page, timeoutMs, () => page.goBack({ waitUntil: "load" }));
        if (back.result === null) throw new BrowserError("invalid", "there is no earlier page to go back to");
        return this.#moved(back, "went back");
      }
      case "screenshot":
        return this.#screenshot();
      case "evaluate":
        return this.#evaluate(action.expression);
    }
  }

  async #navigate(text: string): Promise<BrowserReply> {
    if (/^\s*javascript:/i.test(text)) return this.#evaluate(scriptOf(text));
    const url = await this.options.guard.checkNavigation(text);
    const { timeoutMs } = this.options.settings;
    const opened = await withNavigation(this.#page, timeoutMs, () =>
      this.#page.goto(url.href, { waitUntil: "load" }).catch((error: Error) => {
        const refused = this.#refused[this.#refusedBefore];
        if (refused) throw new BrowserError("refused", `refused before any connection: ${refused}`);
        throw error;
      }),
    );
    this.#snapshot = undefined;
    const response = opened.result;
    const refusal = response ? await response.headerValue(REFUSED_HEADER) : null;
    if (refusal)
      throw new BrowserError("refused", `${url.href} led to ${response!.url()}, which skein refused: ${refusal}`);
    const status = response ? ` (HTTP ${response.status()})` : "";
    return { text: `Opened ${this.#page.url()}${status}: "${await this.#page.title()}". Take a snapshot to see it.` };
  }

  /** The answer to an action that may have moved the page: where it is now, and how it got there. */
  async #moved(done: { navigation: ActionNavigation }, what: string): Promise<BrowserReply> {
    const { navigation } = done;
    const refusal = navigation.response ? await navigation.response.headerValue(REFUSED_HEADER) : null;
    const page = `${this.#page.url()} ("${await this.#page.title()}")`;
    if (refusal)
      return { text: `${what}; the page went to ${navigation.response!.url()}, which skein refused: ${refusal}` };
    if (navigation.failure)
      return { text: `${what}; the new page did not load (${navigation.failure}); now at ${page}` };
    if (!navigation.navigated) return { text: `${what}; the page did not change (${page})` };
    this.#snapshot = undefined;
    const loading = navigation.stillLoading ? " (still loading)" : "";
    return { text: `${what}; now at ${page}${loading}. Take a snapshot to see it.` };
  }

  async #screenshot(): Promise<BrowserReply> {
    let bytes = await this.#page.screenshot({ type: "png" });
    let mimeType: BrowserImage["mimeType"] = "image/png";
    if (bytes.length > MAX_PNG_BYTES) {
      bytes = await this.#page.screenshot({ type: "jpeg", quality: 70 });
      mimeType = "image/jpeg";
    }
    const image: BrowserImage = { mimeType, data: bytes.toString("base64") };
    this.screenshot = { ...image, at: Date.now() };
    const kind = mimeType === "image/png" ? "PNG" : "JPEG";
    const title = await this.#page.title();
    return {
      text: `Screenshot of ${this.#page.url()} ("${title}"), ${VIEWPORT.width}x${VIEWPORT.height} ${kind}: the image follows.`,
      image,
    };
  }

  async #evaluate(expression: string): Promise<BrowserReply> {
    if (!this.options.settings.evaluate)
      throw new BrowserError(
        "refused",
        "running JavaScript in the page is off (tools.browser.evaluate is false); a javascript: URL runs code too",
      );
    const text = await evaluateInPage(this.context, this.#page, expression, this.options.settings.timeoutMs);
    return { text: cutAt(text, SNAPSHOT_MAX_BYTES) };
  }

  /** The element a reference of the latest snapshot names; an unknown one fails at once rather than being waited for. */
  async #element(ref: string) {
    if (!REFERENCE.test(ref))
      throw new BrowserError("invalid", `"${ref}" is not an element reference (they look like e12)`);
    if (this.#snapshot === undefined)
      throw new BrowserError("invalid", "take a snapshot first: references come from the latest snapshot of this page");
    const element = this.#page.getByRef(fullReference(ref, this.#snapshot));
    const found = await element.count().catch(() => 0);
    if (found === 0)
      throw new BrowserError("invalid", `${ref} is not in the latest snapshot of this page: take a new snapshot`);
    return element;
  }

  /** Makes a page the one the model works on (a link opened in a new tab is followed), and follows its downloads. */
  #follow(page: Page): void {
    if (page !== this.#page) {
      this.#page = page;
      this.#snapshot = undefined;
    }
    page.on("download", (download) => this.downloads.follow(download));
    page.once("close", () => {
      if (this.#page !== page) return;
      const open = this.context.pages().filter((other) => !other.isClosed());
      if (open.length) this.#page = open.at(-1)!;
      else
        void this.context.newPage().then(
          (fresh) => this.#follow(fresh),
          () => undefined,
        );
    });
  }

  /** The action's text, then the requests the guard refused meanwhile and the downloads that finished. */
  #withNotes(text: string): string {
    const refused = this.#refused.splice(0);
    const notes = [
      ...(refused.length
        ? [
            `Refused before any connection (${refused.length}): ${refused.slice(0, 5).join("; ")}${refused.length > 5 ? "; ..." : ""}`,
          ]
        : []),
      ...this.downloads.take(),
    ];
    return notes.length ? `${text}\n${notes.join("\n")}` : text;
  }
}

/** The code of a `javascript:` URL, percent-decoded as the browser would (as it is, where that fails). */
function scriptOf(url: string): string {
  const code = url.replace(/^\s*javascript:/i, "");
  try {
    return decodeURIComponent(code);
  } catch {
    return code;
  }
}

const firstLine = (error: unknown): string => (error instanceof Error ? error.message : String(error)).split("\n")[0]!;

/** Playwright's failures as the model reads them: timeouts, a reference not on the page, the rest. */
function asBrowserError(error: unknown, timeoutMs: number): BrowserError {
  if (error instanceof BrowserError) return error;
  const message = firstLine(error);
  if ((error as Error)?.name === "TimeoutError")
    return new BrowserError("timeout", `the action did not finish within ${timeoutMs / 1000} s: ${message}`);
  if (/aria-ref|ref=|ref "|getByRef/i.test(message))
    return new BrowserError("invalid", `that reference is not on the page any more: take a new snapshot (${message})`);
  return new BrowserError("failed", message);
}
