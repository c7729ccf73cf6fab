import { accessSync, constants, existsSync } from "node:fs";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { BrowserContext, Page } from "playwright-core";
import { expect } from "vitest";

/** Debian's `chromium` (`.ci/run` installs it when missing). */
export const chromiumPath = process.env.SKEIN_CHROMIUM ?? "/usr/bin/chromium";

/** Why the browser tests cannot run here, or undefined when they can. */
export function browserMissing(): string | undefined {
  try {
    accessSync(chromiumPath, constants.X_OK);
    return undefined;
  } catch {
    return `no Chromium at ${chromiumPath} (apt-get install chromium, or set SKEIN_CHROMIUM)`;
  }
}

/** A headless Chromium with a fresh profile, driven by playwright-core; one page of 1280x800. */
export interface TestBrowser {
  readonly context: BrowserContext;
  readonly page: Page;
  /** Messages the page logged as errors (CSP violations among them) and uncaught page errors. */
  readonly errors: string[];
  close(): Promise<void>;
}

/** Launches Debian's Chromium headless with the flags CI uses and a fresh `--user-data-dir`. */
export async function launchBrowser(): Promise<TestBrowser> {
  const { chromium } = await import("playwright-core");
  const profile = await mkdtemp(join(tmpdir(), "skein-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    viewport: { width: 1280, height: 800 },
    timeout: 30_000,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      // Pages kept in the back/forward cache hold their EventSource open (six connections per host).
      "--disable-features=BackForwardCache",
    ],
  });
  context.setDefaultTimeout(10_000);
  const page = context.pages()[0] ?? (await context.newPage());
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return {
    context,
    page,
    errors,
    async close() {
      await context.close().catch(() => undefined);
      await rm(profile, { recursive: true, force: true });
    },
  };
}

const screenshotDir = fileURLToPath(new URL("../../docs/dashboard/", import.meta.url));

/**
 * Saves the page as `docs/dashboard/<name>.png` (1280x800) when SKEIN_SCREENSHOTS=1 or when that file is
 * missing, so a normal run never rewrites the checked-in images.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  const file = join(screenshotDir, `${name}.png`);
  if (process.env.SKEIN_SCREENSHOTS !== "1" && existsSync(file)) return;
  await mkdir(screenshotDir, { recursive: true });
  await page.screenshot({ path: file, fullPage: false });
}

/** Opens a dashboard page from the navigation by its name and waits until its heading shows it. */
export async function openPage(page: Page, name: string): Promise<void> {
  await page
    .getByRole("navigation", { name: "Pages" })
    .getByRole("link", { name: new RegExp(`^${name}( |$)`) })
    .click();
  await expect.poll(() => page.locator("h1").textContent()).toBe(name);
}
