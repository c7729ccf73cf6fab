import { setFlagsFromString } from "node:v8";

/**
 * How far V8 lets the old generation grow past what the last full collection kept, in
 * percent. By default it picks up to 300 % on a machine with plenty of memory, so under
 * steady traffic garbage piles up to ~240 MB around a ~30 MB live heap before it is
 * collected; 30 % is what `--max-old-space-size=192` chooses, without its hard limit.
 */
const heapGrowingPercent = 30;

/**
 * Each of the young generation's two semi-spaces, in MB: Node 20 allows 16, Node 24 sizes
 * them from the machine's memory (64 on a large one: 128 MB of young generation).
 */
const semiSpaceMb = 8;

/** What {@link boundHeap} looks at and calls; the process's own by default (tests pass their own). */
export interface BoundHeapOptions {
  environment?: NodeJS.ProcessEnv;
  execArgv?: readonly string[];
  /** Replaces the process (`process.execve`, absent before Node 22.15 and on Windows). */
  execve?: ((file: string, args: string[], env: NodeJS.ProcessEnv) => void) | undefined;
}

/** Whether the node flag `name` was given on the command line or in NODE_OPTIONS. */
function nodeFlagGiven(name: string, execArgv: readonly string[], environment: NodeJS.ProcessEnv): boolean {
  const fromOptions = (environment.NODE_OPTIONS ?? "").split(/\s+/);
  return [...execArgv, ...fromOptions].some((flag) => {
    const spelled = flag.replaceAll("_", "-"); // V8 takes --max_semi_space_size too
    return spelled === `--${name}` || spelled.startsWith(`--${name}=`);
  });
}

/**
 * Bounds the daemon's memory for `skein start` without flags from the user (the deploy files
 * pass their own, and flags given win): the old generation's growth is set here (V8 reads it
 * at each collection), while the young generation's size is fixed when the process starts,
 * so where Node can replace the process with itself (`process.execve`, Node >= 22.15) it does
 * that once with `--max-semi-space-size`, and with the deploy files' `--v8-pool-size=1` (one
 * helper thread for V8's background work instead of four: less CPU per turn, ~2 MB less
 * resident). Node 20 keeps its 16 MB semi-spaces.
 */
export function boundHeap(options: BoundHeapOptions = {}): void {
  const environment = options.environment ?? process.env;
  const execArgv = options.execArgv ?? process.execArgv;
  const given = (name: string) => nodeFlagGiven(name, execArgv, environment);
  if (!given("heap-growing-percent")) setFlagsFromString(`--heap-growing-percent=${heapGrowingPercent}`);
  const execve = "execve" in options ? options.execve : (process as BoundHeapOptions).execve?.bind(process);
  if (!execve || given("max-semi-space-size") || given("max-heap-size")) return;
  const flags = [`--max-semi-space-size=${semiSpaceMb}`, ...(given("v8-pool-size") ? [] : ["--v8-pool-size=1"])];
  try {
    execve(process.execPath, [process.execPath, ...flags, ...execArgv, ...process.argv.slice(1)], environment);
  } catch {
    // Not allowed here (a platform without execve, a sandbox): the default young generation it is.
  }
}
