import type { Browser } from "playwright-core";
import {
  PASSED_FD_BASE,
  type SandboxDecision,
  SandboxError,
  type SandboxedProcess,
  startSandboxed,
} from "../sandbox/index.js";
import { BrowserError } from "./browser-error.js";
import { cdpPipeTransport } from "./cdp-pipe.js";

/** The window (and page viewport) size of skein's browser. */
export const VIEWPORT = { width: 1280, height: 800 } as const;

/** Tasks (processes and threads) the browser's sandbox may run: a headless Chromium with a few pages runs ~150. */
const BROWSER_TASKS = 512;

export interface ChromiumLaunch {
  executable: string;
  /** Its own profile (`--user-data-dir`), fresh, bound writable into the sandbox. */
  profileDir: string;
  /** Where Chromium writes downloads while they run (in the browser's own folder, removed with it). */
  downloadsDir: string;
  /** The sandbox's working directory (the workspace). */
  workspace: string;
  sandbox: SandboxDecision;
  /** `public`: through the guarded egress proxy; `full` (`allow_private`): the host's network. */
  network: "public" | "full";
  headless: boolean;
  /** The browser's whole environment: no secret of the daemon's. */
  env: Record<string, string>;
  /** Chromium runs without its own sandbox (`--no-sandbox`): only where that one cannot run. */
  noChromiumSandbox: boolean;
  timeoutMs: number;
}

/** A running Chromium and Playwright's connection to it over its DevTools pipe. */
export interface LaunchedChromium {
  readonly browser: Browser;
  readonly process: SandboxedProcess;
  /** Whether Chromium's own sandbox runs inside skein's (false: it could not here, and runs with `--no-sandbox`). */
  readonly chromiumSandbox: boolean;
}

/** Chromium's words when its own sandbox cannot run here (then it is started with `--no-sandbox`, in skein's). */
export const CHROMIUM_SANDBOX_FAILED = /No usable sandbox|without --no-sandbox|zygote_host_impl_linux/;

/**
 * Chromium's command line: headless, the DevTools pipe instead of a port, no first-run, sync, component updates,
 * background networking or QUIC (nothing of the browser's own calls home from a closed machine), shared memory in
 * its /tmp, and under `public` every request through the guarded proxy, loopback included (Chromium would
 * otherwise never proxy it), and WebRTC only through it.
 */
export function chromiumArguments(launch: ChromiumLaunch, proxyUrl: string | undefined): string[] {
  return [
    ...(launch.headless ? ["--headless", "--hide-scrollbars", "--mute-audio"] : []),
    ...(launch.noChromiumSandbox ? ["--no-sandbox"] : []),
    "--remote-debugging-pipe",
    `--user-data-dir=${launch.profileDir}`,
    `--window-size=${VIEWPORT.width},${VIEWPORT.height}`,
    "--no-first-run",
    "--no-default-browser-check",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
    "--disable-dev-shm-usage",
    "--disable-breakpad",
    "--disable-crash-reporter",
    "--disable-client-side-phishing-detection",
    "--disable-default-apps",
    "--disable-extensions",
    "--disable-component-extensions-with-background-pages",
    "--disable-domain-reliability",
    "--disable-background-timer-throttling",
    "--disable-backgrounding-occluded-windows",
    "--disable-renderer-backgrounding",
    "--disable-hang-monitor",
    "--disable-ipc-flooding-protection",
    "--disable-features=Translate,MediaRouter,OptimizationHints,BackForwardCache,AutofillServerCommunication",
    "--metrics-recording-only",
    "--password-store=basic",
    "--use-mock-keychain",
    "--no-service-autorun",
    "--force-webrtc-ip-handling-policy=disable_non_proxied_udp",
    ...(proxyUrl ? [`--proxy-server=${proxyUrl}`, "--proxy-bypass-list=<-loopback>"] : []),
    "about:blank",
  ];
}

/** Puts the two pipes the sandbox hands over where Chromium's `--remote-debugging-pipe` reads and writes: 3 and 4. */
const PIPE_SHUFFLE = `exec 3<&${PASSED_FD_BASE} 4>&${PASSED_FD_BASE + 1} ${PASSED_FD_BASE}<&- ${PASSED_FD_BASE + 1}<&- && exec "$@"`;

/**
 * Starts Chromium in the sandbox (the daemon's descendant, in a process group of its own, ended with the daemon
 * even by SIGKILL) and connects Playwright over its DevTools pipe. Chromium's own sandbox runs inside skein's
 * where it can (it needs user namespaces inside bubblewrap's, and a user other than root); where it cannot,
 * Chromium is started again with `--no-sandbox`, still in skein's. Rejects with a {@link BrowserError} saying why
 * it did not start (the sandbox's refusal, or Chromium's last words).
 */
export async function launchChromium(launch: ChromiumLaunch): Promise<LaunchedChromium> {
  try {
    return await launchOnce(launch);
  } catch (error) {
    if (launch.noChromiumSandbox || !(error instanceof BrowserError) || !CHROMIUM_SANDBOX_FAILED.test(error.message))
      throw error;
    return launchOnce({ ...launch, noChromiumSandbox: true });
  }
}

async function launchOnce(launch: ChromiumLaunch): Promise<LaunchedChromium> {
  let started: SandboxedProcess;
  try {
    started = await startSandboxed({
      file: "sh",
      args: (proxyUrl) => [
        "-c",
        PIPE_SHUFFLE,
        "skein-browser",
        launch.executable,
        ...chromiumArguments(launch, proxyUrl),
      ],
      cwd: launch.workspace,
      env: launch.env,
      sandbox: launch.sandbox,
      network: launch.network,
      limits: { processes: BROWSER_TASKS },
      writableBinds: [launch.profileDir, launch.downloadsDir],
      // A window needs the X server's socket (and its cookie); a headless browser gets neither.
      ...(!launch.headless && {
        readOnlyBinds: ["/tmp/.X11-unix", ...(launch.env.XAUTHORITY ? [launch.env.XAUTHORITY] : [])],
      }),
      nonRoot: true,
      pipes: 2,
    });
  } catch (error) {
    if (error instanceof SandboxError)
      throw new BrowserError(
        error.kind === "unavailable" ? "unavailable" : "failed",
        `the browser cannot start: ${error.message}`,
      );
    throw error;
  }
  const [toBrowser, fromBrowser] = started.pipes;
  try {
    const { chromium } = await import("playwright-core");
    const connected = chromium.connectOverCDP(cdpPipeTransport(toBrowser!, fromBrowser!), {
      isLocal: true,
      artifactsDir: launch.downloadsDir,
      timeout: launch.timeoutMs,
    });
    const ended = started.exited.then((exit) => {
      const words = started.stderr();
      const sandboxLine = words.split("\n").find((line) => CHROMIUM_SANDBOX_FAILED.test(line));
      throw new BrowserError(
        "failed",
        `the browser ended as it started (${exit.startError ?? `exit ${exit.code ?? exit.signal}`}): ${sandboxLine ?? lastWords(words)}`,
      );
    });
    const browser = await Promise.race([connected, ended]);
    return { browser, process: started, chromiumSandbox: !launch.noChromiumSandbox };
  } catch (error) {
    await started.kill();
    if (error instanceof BrowserError) throw error;
    throw new BrowserError("failed", `the browser did not start: ${(error as Error).message}`);
  }
}

/** The end of Chromium's stderr, without its D-Bus complaints (no bus in the sandbox, and none needed). */
function lastWords(stderr: string): string {
  const lines = stderr.split("\n").filter((line) => line.trim() && !/dbus|D-Bus/i.test(line));
  return lines.slice(-5).join("\n").slice(-1_500) || "(nothing on stderr)";
}
