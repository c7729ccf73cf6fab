import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readdir, rm } from "node:fs/promises";
import { join } from "node:path";
import type { Logger } from "pino";
import type { SandboxDecision } from "../sandbox/index.js";
import type { BrowserAction, BrowserImage, BrowserReply, BrowserSettings, BrowserSummary } from "./browser-action.js";
import { BrowserError } from "./browser-error.js";
import type { BrowserSession } from "./browser-session.js";
import { CHROMIUM_REMEDY } from "./find-chromium.js";

/** What one agent's browsers are started with: its workspace, its sandbox and its `tools.browser`. */
export interface BrowserProfile {
  workspace: string;
  sandbox: SandboxDecision;
  settings: BrowserSettings;
  /** The browser's environment: the safe base of the daemon's (see `commandEnvironment`), never a secret. */
  env: Record<string, string>;
}

export interface BrowserPoolOptions {
  /** `$SKEIN_HOME`: each browser's profile is a fresh folder under `browser/`, removed when it closes. */
  home: string;
  /** `tools.browser.max_open`. */
  maxOpen: number;
  log: Logger;
}

interface Entry {
  /** Starting, then started; rejected when it could not start. */
  session: Promise<BrowserSession>;
  /** Set once it started. */
  started?: BrowserSession;
  /** Actions of this conversation run one after another. */
  queue: Promise<unknown>;
  folder: string;
  idle?: NodeJS.Timeout;
  closing?: Promise<void>;
}

/**
 * The daemon's browsers, one per conversation (session key) at most: started on the conversation's first
 * action, kept between its turns (cookies and pages stay), closed by `close`, `/new`, `idle_timeout`, the daemon's
 * shutdown or its death (the sandbox's watchdog), at most `max_open` at once. Playwright and the launch code are
 * imported on the first start only.
 */
export class BrowserPool {
  readonly #entries = new Map<string, Entry>();
  readonly #listeners = new Set<() => void>();
  readonly #options: BrowserPoolOptions;
  #leftoversRemoved: Promise<void> | undefined;

  constructor(options: BrowserPoolOptions) {
    this.#options = options;
  }

  /** Runs `action` in the conversation's browser, starting it first when it has none. */
  async act(sessionKey: string, profile: BrowserProfile, action: BrowserAction): Promise<BrowserReply> {
    if (action.action === "close") {
      const closed = await this.close(sessionKey, "closed by the model");
      return { text: closed ? "The browser is closed: its pages and cookies are gone." : "No browser was open." };
    }
    // A browser still closing (idle, ended by itself) is let go first: this action gets a new one.
    await this.#entries.get(sessionKey)?.closing;
    const entry = this.#entries.get(sessionKey) ?? this.#start(sessionKey, profile);
    const run = entry.queue.then(async () => {
      const session = await entry.session;
      if (entry.closing) throw new BrowserError("failed", "the browser was closed meanwhile");
      clearTimeout(entry.idle);
      try {
        return await session.act(action);
      } finally {
        this.#idleAfter(sessionKey, entry, profile.settings.idleTimeoutMs);
      }
    });
    entry.queue = run.catch(() => undefined);
    return await run;
  }

  /** Closes the conversation's browser (within a few seconds); false when it had none. */
  async close(sessionKey: string, why: string): Promise<boolean> {
    const entry = this.#entries.get(sessionKey);
    if (!entry) return false;
    entry.closing ??= this.#end(sessionKey, entry, why);
    await entry.closing;
    return true;
  }

  /** Closes every browser (the daemon's shutdown). */
  async closeAll(): Promise<void> {
    await Promise.all([...this.#entries.keys()].map((key) => this.close(key, "the daemon stops")));
  }

  /** The open browsers, for the dashboard. */
  list(): BrowserSummary[] {
    const open: BrowserSummary[] = [];
    for (const [sessionKey, entry] of this.#entries) {
      const session = entry.started;
      if (!session || entry.closing) continue;
      open.push({
        sessionKey,
        url: session.url,
        title: session.title,
        openedAt: session.openedAt,
        lastUsedAt: session.lastUsedAt,
        ...(session.screenshot && { screenshotAt: session.screenshot.at }),
      });
    }
    return open;
  }

  /** The latest screenshot of the conversation's open browser, if it took one. */
  async screenshot(sessionKey: string): Promise<BrowserImage | undefined> {
    const session = await this.#entries.get(sessionKey)?.session.catch(() => undefined);
    return session?.screenshot && { mimeType: session.screenshot.mimeType, data: session.screenshot.data };
  }

  /** Calls `listener` whenever a browser opens, acts or closes; returns how to stop. */
  onChange(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #changed(): void {
    for (const listener of this.#listeners) listener();
  }

  #start(sessionKey: string, profile: BrowserProfile): Entry {
    const { maxOpen, home, log } = this.#options;
    const open = [...this.#entries.values()].filter((entry) => !entry.closing).length;
    if (open >= maxOpen)
      throw new BrowserError(
        "limit",
        `${maxOpen === 1 ? "a browser is" : `${maxOpen} browsers are`} open already in other conversations, ` +
          `the most allowed at once (tools.browser.max_open is ${maxOpen}): ` +
          "try again once one closes (after tools.browser.idle_timeout unused, or by its conversation's close action)",
      );
    const { settings } = profile;
    if (!settings.executable)
      throw new BrowserError("unavailable", `no Chromium was found, so the browser cannot start: ${CHROMIUM_REMEDY}`);
    const folder = join(home, "browser", `${process.pid}-${randomBytes(6).toString("hex")}`);
    const entry: Entry = { session: this.#open(folder, profile), queue: Promise.resolve(), folder };
    this.#entries.set(sessionKey, entry);
    entry.session.then(
      (session) => {
        entry.started = session;
        log.info({ sessionKey, profile: folder, chromiumSandbox: session.chromiumSandbox }, "browser started");
        this.#changed();
        void session.ended.then(() => {
          if (this.#entries.get(sessionKey) !== entry || entry.closing) return;
          log.warn({ sessionKey }, "the browser ended by itself; the next action starts a new one");
          entry.closing = this.#end(sessionKey, entry, "it ended");
        });
      },
      (error: unknown) => {
        log.warn({ sessionKey, err: error }, "the browser did not start");
        if (this.#entries.get(sessionKey) === entry) this.#entries.delete(sessionKey);
        void rm(folder, { recursive: true, force: true });
      },
    );
    return entry;
  }

  async #open(folder: string, profile: BrowserProfile): Promise<BrowserSession> {
    this.#leftoversRemoved ??= removeLeftovers(join(this.#options.home, "browser"));
    await this.#leftoversRemoved;
    const { settings, workspace } = profile;
    const profileDir = join(folder, "profile");
    const downloadsDir = join(folder, "downloads");
    const inboxDir = join(workspace, "inbox", "browser");
    await Promise.all([
      mkdir(profileDir, { recursive: true, mode: 0o700 }),
      mkdir(downloadsDir, { recursive: true, mode: 0o700 }),
      mkdir(inboxDir, { recursive: true }),
    ]);
    const [{ BrowserSession }, { RequestGuard }] = await Promise.all([
      import("./browser-session.js"),
      import("./request-guard.js"),
    ]);
    return BrowserSession.open({
      launch: {
        executable: settings.executable!,
        profileDir,
        downloadsDir,
        workspace,
        sandbox: profile.sandbox,
        network: settings.allowPrivate ? "full" : "public",
        headless: settings.headless,
        env: { ...profile.env, HOME: folder, XDG_CONFIG_HOME: folder, XDG_CACHE_HOME: folder },
        noChromiumSandbox: (await profile.sandbox).type === "none" && process.getuid?.() === 0,
        timeoutMs: Math.max(settings.timeoutMs, 60_000),
      },
      settings,
      guard: new RequestGuard({ allowPrivate: settings.allowPrivate }),
      workspace,
      inboxDir,
      onChange: () => this.#changed(),
    });
  }

  #idleAfter(sessionKey: string, entry: Entry, idleTimeoutMs: number): void {
    clearTimeout(entry.idle);
    entry.idle = setTimeout(() => void this.close(sessionKey, "idle"), idleTimeoutMs);
    entry.idle.unref();
  }

  async #end(sessionKey: string, entry: Entry, why: string): Promise<void> {
    clearTimeout(entry.idle);
    const session = await entry.session.catch(() => undefined);
    await session?.close();
    if (this.#entries.get(sessionKey) === entry) this.#entries.delete(sessionKey);
    await rm(entry.folder, { recursive: true, force: true });
    if (session) this.#options.log.info({ sessionKey, why }, "browser closed");
    this.#changed();
  }
}

/** Removes the profiles a daemon that is gone left behind (it was killed). */
async function removeLeftovers(directory: string): Promise<void> {
  const names = await readdir(directory).catch(() => [] as string[]);
  await Promise.all(
    names
      .filter((name) => !existsSync(`/proc/${name.split("-")[0]}`))
      .map((name) => rm(join(directory, name), { recursive: true, force: true })),
  );
}
