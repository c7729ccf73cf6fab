import { accessSync, constants } from "node:fs";
import { delimiter, isAbsolute, join } from "node:path";

/** The names looked for on PATH when `tools.browser.executable` is not set, in this order. */
export const CHROMIUM_NAMES = ["chromium", "chromium-browser", "google-chrome"] as const;

/** How to get a Chromium where none is found: `skein doctor` and the tool's refusal say it. */
export const CHROMIUM_REMEDY =
  "install Chromium (Debian/Ubuntu: apt-get install chromium; Fedora: dnf install chromium) " +
  "or set tools.browser.executable to a Chromium or Chrome program";

const executable = (path: string): boolean => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/**
 * The Chromium the browser runs: `configured` (a path, or a name looked up on PATH) when given, else the first
 * of {@link CHROMIUM_NAMES} on PATH; undefined when there is none. A few `access` calls, no process started.
 */
export function findChromium(configured: string | undefined, path = process.env.PATH ?? ""): string | undefined {
  const names = configured ? [configured] : CHROMIUM_NAMES;
  for (const name of names) {
    if (isAbsolute(name) || name.includes("/")) {
      if (executable(name)) return name;
      continue;
    }
    for (const directory of path.split(delimiter).filter(Boolean)) {
      const candidate = join(directory, name);
      if (executable(candidate)) return candidate;
    }
  }
  return undefined;
}

/** `tools.browser` as far as whether the browser is on. */
export interface BrowserSwitch {
  enabled?: boolean | undefined;
  executable?: string | undefined;
}

/** Whether the browser is on, and why not: the tool is offered when `on`, `skein doctor` says it. */
export type BrowserState =
  | { on: true; executable: string }
  /** Switched on, but no Chromium was found: the tool is offered and each call says how to fix it. */
  | { on: true; executable: undefined; reason: string }
  | { on: false; reason: string };

/** Decides whether the browser is on from `tools.browser.enabled` and `executable`, looking for Chromium on PATH. */
export function browserState(settings: BrowserSwitch, path?: string): BrowserState {
  if (settings.enabled === false) return { on: false, reason: "tools.browser.enabled is false" };
  const executable = findChromium(settings.executable, path);
  if (executable) return { on: true, executable };
  const missing = settings.executable
    ? `tools.browser.executable (${settings.executable}) is not a program that can run here`
    : `no Chromium found (looked for ${CHROMIUM_NAMES.join(", ")} on PATH)`;
  return settings.enabled ? { on: true, executable: undefined, reason: missing } : { on: false, reason: missing };
}
