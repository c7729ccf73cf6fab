import { execFile } from "node:child_process";
import { existsSync } from "node:fs";

/** `tools.exec.sandbox`: bubblewrap when it works (`auto`), bubblewrap or nothing (`bwrap`), or no sandbox (`none`). */
export type SandboxMode = "auto" | "bwrap" | "none";

/** System directories bound read-only into the sandbox (those that exist on this machine). */
export const SYSTEM_DIRS = ["/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc", "/opt"] as const;

/** Where commands run: inside bubblewrap, or directly as the daemon's user (the fallback). */
export type Sandbox =
  | { readonly type: "bwrap"; readonly bwrap: string; wrap(command: SandboxedCommand): SandboxedCommand }
  | { readonly type: "none"; readonly reason: string; wrap(command: SandboxedCommand): SandboxedCommand };

/** A program, its arguments and its environment, before or after wrapping. */
export interface SandboxedCommand {
  file: string;
  args: string[];
  env: Record<string, string>;
}

export interface SandboxOptions {
  mode: SandboxMode;
  /** The workspace: the only directory bound read-write (and the working directory). */
  workspace: string;
  /** `tools.exec.network`: false gives commands no network at all. */
  network: boolean;
  /** The bwrap binary (default `bwrap` on PATH). */
  bwrap?: string;
}

/** The bwrap arguments that run `file args` isolated: new namespaces, own /proc, private /tmp, only the workspace writable. */
export function bwrapArguments(
  options: { workspace: string; network: boolean },
  file: string,
  args: readonly string[],
): string[] {
  const system = SYSTEM_DIRS.filter((dir) => existsSync(dir)).flatMap((dir) => ["--ro-bind", dir, dir]);
  return [
    "--unshare-user",
    "--unshare-pid",
    "--unshare-ipc",
    "--unshare-uts",
    "--unshare-cgroup-try",
    ...(options.network ? [] : ["--unshare-net"]),
    "--die-with-parent",
    "--new-session",
    ...system,
    "--proc",
    "/proc",
    "--dev",
    "/dev",
    "--tmpfs",
    "/tmp",
    "--bind",
    options.workspace,
    options.workspace,
    "--chdir",
    options.workspace,
    "--",
    file,
    ...args,
  ];
}

/** What a sandbox decision means for the operator, for the start-up warning and `skein doctor`. */
export function describeSandbox(sandbox: Sandbox): { ok: boolean; text: string } {
  if (sandbox.type === "bwrap")
    return { ok: true, text: "commands run in bubblewrap (no daemon secrets, no $SKEIN_HOME, own /proc)" };
  return {
    ok: false,
    text:
      `commands run WITHOUT a sandbox (${sandbox.reason}): they can read every file the daemon's user can, ` +
      `$SKEIN_HOME included; install bubblewrap (Debian/Ubuntu: apt-get install bubblewrap) to isolate them`,
  };
}

const unsandboxed = (reason: string): Sandbox => ({ type: "none", reason, wrap: (command) => command });

/** Runs `bwrap … true` once: resolves with why bubblewrap cannot run here, or undefined when it works. */
export function probeBwrap(bwrap: string, workspace: string, network: boolean): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile(
      bwrap,
      bwrapArguments({ workspace, network }, "true", []),
      { timeout: 5_000 },
      (error, _stdout, stderr) => {
        if (!error) return resolve(undefined);
        const code = (error as NodeJS.ErrnoException).code;
        resolve(
          code === "ENOENT"
            ? "bubblewrap (bwrap) is not installed"
            : `bwrap does not work here: ${String(stderr).trim() || error.message}`,
        );
      },
    );
  });
}

/**
 * Decides once where commands run. `auto` probes bubblewrap and falls back to no sandbox;
 * `bwrap` insists (the probe's failure is the reason every command is then refused);
 * `none` is the operator's explicit opt-out.
 */
export async function resolveSandbox(
  options: SandboxOptions,
): Promise<Sandbox | { type: "unavailable"; reason: string }> {
  if (options.mode === "none") return unsandboxed('tools.exec.sandbox is "none"');
  const bwrap = options.bwrap ?? "bwrap";
  const problem =
    process.platform === "linux"
      ? await probeBwrap(bwrap, options.workspace, options.network)
      : `bubblewrap needs Linux, not ${process.platform}`;
  if (problem !== undefined) {
    return options.mode === "bwrap"
      ? { type: "unavailable", reason: `tools.exec.sandbox is "bwrap" but ${problem}` }
      : unsandboxed(problem);
  }
  return {
    type: "bwrap",
    bwrap,
    wrap: (command) => ({
      file: bwrap,
      args: bwrapArguments(options, command.file, command.args),
      // $HOME is outside the sandbox: the private /tmp stands in for it.
      env: { ...command.env, HOME: "/tmp", TMPDIR: "/tmp" },
    }),
  };
}

/** `skein doctor`'s line about the sandbox: ok with bubblewrap, a warning without, a failure when `bwrap` is required but cannot run. */
export async function sandboxCheck(
  options: SandboxOptions,
): Promise<{ outcome: "ok" | "warn" | "fail"; detail: string }> {
  const sandbox = await resolveSandbox(options);
  if (sandbox.type === "unavailable")
    return { outcome: "fail", detail: `exec_shell and spawn are disabled: ${sandbox.reason}` };
  const { ok, text } = describeSandbox(sandbox);
  return { outcome: ok ? "ok" : "warn", detail: text };
}
