import { lstatSync, mkdirSync } from "node:fs";
import module from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * Node's module compile cache (Node >= 22.1): V8's compiled code of each module kept on disk, so that a
 * later process that loads the same file skips parsing and compiling it. Node 20 has none.
 */
export interface NodeCompileCache {
  enableCompileCache?: (directory?: string) => { status: number; message?: string; directory?: string };
  flushCompileCache?: () => void;
}
const nodeModule = module as unknown as NodeCompileCache;

/** `module.constants.compileCacheStatus`: the statuses that leave the cache on. */
const ENABLED = 1;
const ALREADY_ENABLED = 2;

/** Whether the compile cache is on, and where; or why not. */
export type CompileCacheState = { enabled: true; directory: string } | { enabled: false; reason: string };

/** What {@link enableCompileCache} looks at; the process's own by default (tests pass their own). */
export interface CompileCacheOptions {
  environment?: NodeJS.ProcessEnv;
  /** The directory to keep it in (default: `skein-compile-cache-<uid>` in the temporary directory). */
  directory?: string;
  /** This process's user id (default `process.getuid()`; undefined where there is none, as on Windows). */
  uid?: number | undefined;
  /** Node's API (default `node:module`'s). */
  node?: NodeCompileCache;
}

/**
 * Turns Node's compile cache on for the modules loaded from now on, in a directory of this user's own:
 * `$TMPDIR/skein-compile-cache-<uid>`, created mode 0700, and used only while it is a real directory owned
 * by this user that no one else may write (a shared or planted cache would be code run by skein). Node's own
 * switches win: `NODE_DISABLE_COMPILE_CACHE` turns it off, `NODE_COMPILE_CACHE=<dir>` has already turned it
 * on there. It holds compiled code of skein's and its dependencies' files, nothing of the config or chats;
 * an entry whose source changed is compiled again. Never throws: without a usable directory, or on Node 20,
 * skein starts as it would without.
 */
export function enableCompileCache(options: CompileCacheOptions = {}): CompileCacheState {
  const environment = options.environment ?? process.env;
  const node = options.node ?? nodeModule;
  if (typeof node.enableCompileCache !== "function") return { enabled: false, reason: "Node < 22.1 has none" };
  if (environment.NODE_DISABLE_COMPILE_CACHE !== undefined)
    return { enabled: false, reason: "NODE_DISABLE_COMPILE_CACHE is set" };
  const uid = "uid" in options ? options.uid : process.getuid?.();
  const given = environment.NODE_COMPILE_CACHE ? undefined : (options.directory ?? defaultDirectory(uid));
  if (given !== undefined) {
    const unusable = unusableReason(given, uid);
    if (unusable) return { enabled: false, reason: unusable };
  }
  try {
    // With NODE_COMPILE_CACHE set, Node turned the cache on at start: this only reports where.
    const result = node.enableCompileCache(given);
    if ((result.status === ENABLED || result.status === ALREADY_ENABLED) && result.directory)
      return { enabled: true, directory: result.directory };
    return { enabled: false, reason: result.message ?? `status ${result.status}` };
  } catch (error) {
    return { enabled: false, reason: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Writes what this process compiled so far to the cache now, not only at its exit (Node >= 22.10): a daemon
 * calls it once ready, so the next start is quick even if this one is killed, and other `skein` processes
 * started meanwhile find it. Entries already in the cache are not written again.
 */
export function flushCompileCache(): void {
  try {
    nodeModule.flushCompileCache?.();
  } catch {
    // A cache that cannot be written is no cache: nothing is lost.
  }
}

/** `skein-compile-cache-<uid>` in the temporary directory: one per user, as /tmp is shared. */
function defaultDirectory(uid: number | undefined): string {
  return join(tmpdir(), uid === undefined ? "skein-compile-cache" : `skein-compile-cache-${uid}`);
}

/**
 * Why `directory` must not hold the cache, or undefined when it may: it is created 0700 if missing (its parent
 * must exist: Node's own creation of missing parents spins forever on some paths, such as under /proc), then
 * must be a directory (not a link) of this user's that neither group nor others can write.
 */
function unusableReason(directory: string, uid: number | undefined): string | undefined {
  try {
    mkdirSync(directory, { mode: 0o700 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") return `cannot create ${directory}: ${errorText(error)}`;
  }
  try {
    const stats = lstatSync(directory);
    if (!stats.isDirectory()) return `${directory} is not a directory`;
    if (uid === undefined) return undefined;
    if (stats.uid !== uid) return `${directory} belongs to another user`;
    if ((stats.mode & 0o022) !== 0) return `${directory} can be written by others`;
    return undefined;
  } catch (error) {
    return `cannot read ${directory}: ${errorText(error)}`;
  }
}

function errorText(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? (error instanceof Error ? error.message : String(error));
}
