import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import type { LookupFunction } from "node:net";
import { join } from "node:path";
import type { Readable } from "node:stream";
import type { AddressPolicy } from "../util/ssrf-guard.js";
import {
  bwrapArguments,
  type SandboxLimits,
  type SandboxNetwork,
  SYSTEM_DIRS,
  WATCHDOG_FD,
} from "./bwrap-arguments.js";
import type { CallCgroup } from "./call-cgroup.js";
import { EGRESS_PROXY_URL } from "./egress-forwarder.js";
import type { EgressProxy } from "./egress-proxy.js";
import type { GroupWatchdog } from "./group-watchdog.js";
import { describeProcessLimit, PROCESS_LIMIT_REMEDY, type ProcessLimit, resolveProcessLimit } from "./process-limit.js";
import { SandboxError } from "./sandbox-error.js";

export { bwrapArguments, type SandboxLimits, type SandboxNetwork, SYSTEM_DIRS } from "./bwrap-arguments.js";

/** `tools.exec.sandbox`: bubblewrap (`auto` and `bwrap`: commands are refused without a working one), or none. */
export type SandboxMode = "auto" | "bwrap" | "none";

/** A program, its arguments and its environment, before or after wrapping. */
export interface SandboxedCommand {
  file: string;
  args: string[];
  env: Record<string, string>;
  /** More paths bound read-only at the same path for this call (e.g. a skill's folder). */
  readOnlyBinds?: readonly string[];
  /** Directories bound read-write at the same path for this call, besides the workspace (e.g. a browser's profile). */
  writableBinds?: readonly string[];
  /** The program runs as a user other than root inside the sandbox, even when the daemon is root (see `BwrapCall.uid`). */
  nonRoot?: boolean;
  /**
   * This call's network (default the sandbox's, `tools.exec.network`); `public` falls back to `none` without perl.
   * Without a sandbox only an explicit `public` changes anything: the call gets {@link PreparedCommand.proxyUrl}.
   */
  network?: SandboxNetwork;
  /** This call's limits, key by key over the sandbox's. */
  limits?: Partial<SandboxLimits>;
}

/** A command ready to start, and what to undo once it has ended (its cgroup). */
export interface PreparedCommand extends SandboxedCommand {
  /** Set when the command waits to be let in (see `RunOptions.gate`): it moves the sandbox into the call's cgroup. */
  gate?: (report: Readable, release: () => void) => Promise<void>;
  /** Where the command's pid 1 watches for the daemon's end: see `RunOptions.watchdogFd`. */
  watchdogFd?: number;
  /** Called once the command started, with its process group; what it returns, once the command ended. */
  watchGroup?: (pgid: number) => () => void;
  /** How many process starts its process limit refused (known with a pids cgroup only). */
  refusedStarts?(): Promise<number>;
  /**
   * Under the network `public`: the guarded proxy's URL as the program reaches it, for a program that takes its
   * proxy by flag rather than from `HTTP_PROXY` (a browser): the forwarder inside the sandbox, or without a sandbox
   * the egress proxy's port on the host's loopback.
   */
  proxyUrl?: string;
  release(): Promise<void>;
}

/** The user id a program asking for {@link SandboxedCommand.nonRoot} gets when the daemon is root: `nobody`. */
export const NON_ROOT_UID = 65534;

/** Where commands run: inside bubblewrap, or directly as the daemon's user (the explicit opt-out). */
export type Sandbox =
  | {
      readonly type: "bwrap";
      readonly bwrap: string;
      readonly network: SandboxNetwork;
      readonly limits: SandboxLimits;
      /** How `limits.processes` binds each call. */
      readonly processLimit: Exclude<ProcessLimit, { type: "unenforceable" }>;
      prepare(command: SandboxedCommand): Promise<PreparedCommand>;
    }
  | { readonly type: "none"; readonly reason: string; prepare(command: SandboxedCommand): Promise<PreparedCommand> };

/** No sandbox can run commands: every `exec_shell` and `spawn` is refused with `reason` and `remedy`. */
export interface SandboxUnavailable {
  readonly type: "unavailable";
  readonly reason: string;
  /** How to get commands back ({@link SANDBOX_REMEDY} when bubblewrap cannot run). */
  readonly remedy: string;
}

export const DEFAULT_LIMITS: SandboxLimits = { processes: 256, memoryMb: 2048 };

export interface SandboxOptions {
  mode: SandboxMode;
  /** The workspace: the only directory bound read-write (and the working directory). */
  workspace: string;
  /** `tools.exec.network` (default `public`). */
  network?: SandboxNetwork;
  /** Per command (default {@link DEFAULT_LIMITS}). */
  limits?: SandboxLimits;
  /** Paths bound read-only at the same path into every call. */
  readOnlyBinds?: readonly string[];
  /** The bwrap binary (default `bwrap` on PATH). */
  bwrap?: string;
  /** Aborted at shutdown: the egress proxy closes. */
  signal?: AbortSignal;
  /** The egress proxy's address rule (default the SSRF guard's); tests inject one. */
  egressPolicy?: AddressPolicy;
  /** The egress proxy's DNS lookup (default `dns.lookup`). */
  egressLookup?: LookupFunction;
  /** Decides how `limits.processes` is enforced (default {@link resolveProcessLimit}); tests inject one. */
  processLimit?: () => Promise<ProcessLimit>;
}

const NETWORK_TEXT: Record<SandboxNetwork, string> = {
  none: "no network",
  public: "network to public addresses only, through skein's guarded proxy",
  full: 'the host\'s network (tools.exec.network is "full"): loopback, the private network and cloud metadata included',
};

/** What a sandbox decision means for the operator, for the start-up log and `skein doctor`. */
export function describeSandbox(sandbox: Sandbox): { ok: boolean; text: string } {
  if (sandbox.type === "bwrap") {
    const { processes, memoryMb } = sandbox.limits;
    return {
      ok: sandbox.network !== "full",
      text:
        `commands run in bubblewrap (no daemon secrets, no $SKEIN_HOME, own /proc; ${NETWORK_TEXT[sandbox.network]}; ` +
        `${describeProcessLimit(sandbox.processLimit, processes)}, ${memoryMb} MB per process)`,
    };
  }
  return {
    ok: false,
    text:
      `commands run WITHOUT a sandbox (${sandbox.reason}): they can read every file the daemon's user can, ` +
      `$SKEIN_HOME included, and reach every network the machine can; install bubblewrap ` +
      `(Debian/Ubuntu: apt-get install bubblewrap) and remove tools.exec.sandbox to isolate them`,
  };
}

/** How to get commands back when bubblewrap cannot run: the refusal and `skein doctor` say it. */
export const SANDBOX_REMEDY =
  "install bubblewrap (Debian/Ubuntu: apt-get install bubblewrap; Fedora: dnf install bubblewrap) and allow " +
  'unprivileged user namespaces, or set tools.exec.sandbox to "none" to run commands unsandboxed, knowingly';

/** The egress proxy, started on first use and closed when `options.signal` aborts. */
function lazyEgressProxy(options: SandboxOptions, loopback: boolean): () => Promise<EgressProxy> {
  let proxy: Promise<EgressProxy> | undefined;
  return () => {
    proxy ??= import("./egress-proxy.js").then(async ({ startEgressProxy }) => {
      const started = await startEgressProxy({
        ...(options.egressPolicy ? { policy: options.egressPolicy } : {}),
        ...(options.egressLookup ? { lookup: options.egressLookup } : {}),
        loopback,
      });
      options.signal?.addEventListener("abort", () => void started.close(), { once: true });
      return started;
    });
    return proxy;
  };
}

const unsandboxed = (reason: string, options: SandboxOptions): Sandbox => {
  let watchdog: Promise<GroupWatchdog> | undefined;
  const egress = lazyEgressProxy(options, true);
  return {
    type: "none",
    reason,
    async prepare(command) {
      watchdog ??= import("./group-watchdog.js").then(({ groupWatchdog }) => groupWatchdog());
      const [started, proxy] = await Promise.all([watchdog, command.network === "public" ? egress() : undefined]);
      started.ready();
      const proxyUrl = proxy ? `http://127.0.0.1:${proxy.port}` : undefined;
      return {
        ...command,
        ...(proxyUrl && { env: { ...command.env, ...proxyEnvironment(proxyUrl) }, proxyUrl }),
        watchGroup: started.watch,
        release: async () => undefined,
      };
    },
  };
};

/** `HTTP_PROXY`, `HTTPS_PROXY` and `ALL_PROXY`, in both cases, set to `url`. */
const proxyEnvironment = (url: string): Record<string, string> =>
  Object.fromEntries(
    ["HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY"].flatMap((name) => [
      [name, url],
      [name.toLowerCase(), url],
    ]),
  );

/** Runs the launcher with `true` in bubblewrap once: resolves with why it cannot run here, or undefined when it works. */
export function probeBwrap(bwrap: string, workspace: string, network: SandboxNetwork): Promise<string | undefined> {
  return new Promise((resolve) => {
    const args = bwrapArguments(
      { workspace, network: network === "full" ? "full" : "none", limits: DEFAULT_LIMITS },
      "true",
      [],
    );
    execFile(bwrap, args, { timeout: 5_000 }, (error, _stdout, stderr) => {
      if (!error) return resolve(undefined);
      const code = (error as NodeJS.ErrnoException).code;
      resolve(
        code === "ENOENT"
          ? "bubblewrap (bwrap) is not installed"
          : `bwrap does not work here: ${String(stderr).trim() || error.message}`,
      );
    });
  });
}

/** Whether perl, the forwarder of `public`, is in the sandbox's system directories. */
const perlInSandbox = (): boolean =>
  SYSTEM_DIRS.some((dir) => existsSync(join(dir, "bin", "perl")) || existsSync(join(dir, "perl")));

/**
 * Decides once where commands run. `auto` and `bwrap` probe bubblewrap and, when it
 * cannot run, refuse every command (fail closed) with why and how to fix it; `none` is
 * the operator's explicit opt-out. `public` without perl in the sandbox falls back to no network.
 */
export async function resolveSandbox(options: SandboxOptions): Promise<Sandbox | SandboxUnavailable> {
  if (options.mode === "none") return unsandboxed('tools.exec.sandbox is "none"', options);
  const bwrap = options.bwrap ?? "bwrap";
  const requested = options.network ?? "public";
  const [problem, processLimit] =
    process.platform === "linux"
      ? await Promise.all([
          probeBwrap(bwrap, options.workspace, requested),
          (options.processLimit ?? resolveProcessLimit)(),
        ])
      : [`bubblewrap needs Linux, not ${process.platform}`, undefined];
  if (problem !== undefined || !processLimit)
    return { type: "unavailable", reason: `no working bubblewrap here (${problem})`, remedy: SANDBOX_REMEDY };
  if (processLimit.type === "unenforceable")
    return { type: "unavailable", reason: processLimit.reason, remedy: PROCESS_LIMIT_REMEDY };
  const hasPerl = perlInSandbox();
  const usable = (wanted: SandboxNetwork): SandboxNetwork => (wanted === "public" && !hasPerl ? "none" : wanted);
  const network = usable(requested);
  const limits = options.limits ?? DEFAULT_LIMITS;
  const egress = lazyEgressProxy(options, false);
  return {
    type: "bwrap",
    bwrap,
    network,
    limits,
    processLimit,
    async prepare(command) {
      const callNetwork = command.network ? usable(command.network) : network;
      const callLimits = command.limits ? { ...limits, ...command.limits } : limits;
      const [cgroup, egressSocket] = await Promise.all([
        processLimit.type === "cgroup" ? callCgroup(processLimit.cgroups, callLimits.processes) : undefined,
        callNetwork === "public" ? egress().then((started) => started.socketPath) : undefined,
      ]);
      const readOnlyBinds = [...(options.readOnlyBinds ?? []), ...(command.readOnlyBinds ?? [])];
      const proxyEnv = egressSocket === undefined ? {} : proxyEnvironment(EGRESS_PROXY_URL);
      const args = bwrapArguments(
        {
          workspace: options.workspace,
          network: callNetwork,
          limits: callLimits,
          readOnlyBinds,
          ...(command.writableBinds && { writableBinds: command.writableBinds }),
          ...(command.nonRoot && process.getuid?.() === 0 && { uid: NON_ROOT_UID }),
          ...(egressSocket ? { egressSocket } : {}),
          ...(cgroup ? { cgroup: cgroup.name } : {}),
          watchdog: true,
        },
        command.file,
        command.args,
      );
      return {
        file: bwrap,
        args,
        watchdogFd: WATCHDOG_FD,
        ...(cgroup ? { gate: (report: Readable, release: () => void) => admitSandbox(cgroup, report, release) } : {}),
        // $HOME is outside the sandbox: the private /tmp stands in for it.
        env: { ...command.env, ...proxyEnv, HOME: "/tmp", TMPDIR: "/tmp" },
        ...(cgroup ? { refusedStarts: () => cgroup.refusedStarts() } : {}),
        ...(egressSocket === undefined ? {} : { proxyUrl: EGRESS_PROXY_URL }),
        release: async () => cgroup?.release(),
      };
    },
  };
}

/**
 * The call's own pids cgroup: `processes` for the command, and two for the sandbox's own
 * (bubblewrap's init, or the forwarder and its accept loop). A call whose cgroup cannot be
 * made is refused (fail closed).
 */
async function callCgroup(
  cgroups: Extract<ProcessLimit, { type: "cgroup" }>["cgroups"],
  processes: number,
): Promise<CallCgroup> {
  try {
    return await cgroups.create(processes + 2);
  } catch (error) {
    throw new SandboxError(
      "setup-failed",
      `the command was not started: its pids cgroup (tools.exec.max_processes) could not be created under ` +
        `${cgroups.parent}: ${(error as Error).message}`,
    );
  }
}

/**
 * Moves the held sandbox into the call's cgroup, then lets it go on: bubblewrap reports its
 * sandbox's pid as soon as it has made the namespaces and waits for the release before it
 * starts anything in them, so this overlaps bubblewrap's mounts. A report without a pid means
 * bubblewrap failed before it (it says why); a pid that cannot be moved stops the call.
 */
async function admitSandbox(cgroup: CallCgroup, report: Readable, release: () => void): Promise<void> {
  const pid = await new Promise<number | undefined>((resolve) => {
    let text = "";
    const onData = (chunk: Buffer) => {
      text += String(chunk);
      const found = /"child-pid":\s*(\d+)/.exec(text)?.[1];
      if (found === undefined) return;
      report.off("data", onData);
      resolve(Number(found));
    };
    report.on("data", onData).once("close", () => resolve(undefined));
  });
  if (pid === undefined) return;
  try {
    await cgroup.admit(pid);
  } catch (error) {
    throw new Error(
      `the command was not started: it could not join its pids cgroup (tools.exec.max_processes): ${(error as Error).message}`,
    );
  }
  release();
}

/** `skein doctor`'s line about the sandbox: ok in bubblewrap, a warning for an explicit opt-out or the host's network, a failure when commands are refused. */
export async function sandboxCheck(
  options: SandboxOptions,
): Promise<{ outcome: "ok" | "warn" | "fail"; detail: string; remedy?: string }> {
  const sandbox = await resolveSandbox(options);
  if (sandbox.type === "unavailable")
    return { outcome: "fail", detail: `exec_shell and spawn are refused: ${sandbox.reason}`, remedy: sandbox.remedy };
  const { ok, text } = describeSandbox(sandbox);
  return { outcome: ok ? "ok" : "warn", detail: text };
}
