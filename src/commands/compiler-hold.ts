import { setFlagsFromString } from "node:v8";

/**
 * V8's compilers (Sparkplug's baseline code, the Maglev and Turbofan optimizing compilers) pay
 * off for code that runs often. Start-up code runs once: compiling it (the ES module loader's
 * path and URL handling, zod building the config schema) makes code that is garbage as soon as
 * the daemon is ready, and pages in the compilers themselves: ~7 MB of the node binary's code on
 * Node 24 for Turbofan and Maglev, plus their output. A daemon that answers a few messages an
 * hour never makes them pay either. So `skein start` runs its JavaScript in V8's interpreter
 * until the daemon is busy, {@link defaultTurns} turns answered, and then lets V8 compile as
 * always: a busy daemon's CPU per turn is what it was without the hold.
 */
export const defaultTurns = 200;

/**
 * Names the compilers a restarted `skein start` was started without (bounded-heap.ts restarts
 * it with node flags): their `--no-…` flags are skein's own hold, not the user's choice.
 */
export const heldCompilersVariable = "SKEIN_HELD_COMPILERS";

/** Node flags that choose V8's tiers: given one, skein leaves them all alone. */
const tierFlags = ["sparkplug", "maglev", "turbofan", "opt", "max-opt", "jitless", "lite-mode"];

/** What {@link compilersToHold} looks at; the process's own by default (tests pass their own). */
export interface CompilersToHoldOptions {
  environment?: NodeJS.ProcessEnv;
  execArgv?: readonly string[];
  /** `process.versions.v8`. */
  v8Version?: string;
  /** `process.arch`. */
  arch?: string;
}

/**
 * The compilers to hold, by V8 flag name: Turbofan; on x64 and arm64 also Sparkplug, and Maglev
 * where V8 enables it (V8 >= 12, which is Node >= 22). None when the node flags (command line or
 * NODE_OPTIONS) choose the tiers themselves.
 */
export function compilersToHold(options: CompilersToHoldOptions = {}): string[] {
  const environment = options.environment ?? process.env;
  const ours = new Set((environment[heldCompilersVariable] ?? "").split(",").map((name) => `--no-${name}`));
  const flags = [...(options.execArgv ?? process.execArgv), ...(environment.NODE_OPTIONS ?? "").split(/\s+/)];
  const chosen = flags.some((flag) => {
    if (!flag.startsWith("--") || ours.has(flag)) return false;
    const name = flag.slice(2).replaceAll("_", "-").split("=")[0]!;
    return tierFlags.includes(name.replace(/^no-/, ""));
  });
  if (chosen) return [];
  const arch = options.arch ?? process.arch;
  if (arch !== "x64" && arch !== "arm64") return ["turbofan"];
  const v8Major = Number((options.v8Version ?? process.versions.v8).split(".")[0]);
  return ["sparkplug", ...(v8Major >= 12 ? ["maglev"] : []), "turbofan"];
}

/**
 * Turns `compilers` off (V8 reads these flags each time it decides to compile a function) and
 * returns the function that turns them on again; it acts once, later calls do nothing.
 */
export function holdCompilers(
  compilers: readonly string[],
  setFlags: (flags: string) => void = setFlagsFromString,
): () => void {
  for (const compiler of compilers) setFlags(`--no-${compiler}`);
  let held = compilers.length > 0;
  return () => {
    if (!held) return;
    held = false;
    for (const compiler of compilers) setFlags(`--${compiler}`);
  };
}

/** What {@link releaseWhenBusy} watches. */
export interface ReleaseWhenBusyOptions {
  /** Subscribes to the daemon's answered turns; returns the unsubscribe. */
  onTurn: (listener: () => void) => () => void;
  /** Turns answered before the compilers are released (default {@link defaultTurns}). */
  turns?: number;
}

/** Calls `release` once the daemon has answered `turns` turns; returns the stop function (which does not release). */
export function releaseWhenBusy(release: () => void, options: ReleaseWhenBusyOptions): () => void {
  let left = options.turns ?? defaultTurns;
  const unsubscribe = options.onTurn(() => {
    if (--left > 0) return;
    unsubscribe();
    release();
  });
  return unsubscribe;
}
