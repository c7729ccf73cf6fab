import { type ChildProcess, spawn } from "node:child_process";

/**
 * Keeps unsandboxed commands (`tools.exec.sandbox: "none"`) from outliving the daemon. They have no
 * pid 1 of their own to watch it, so one small shell, started with the first of them and running
 * in a session of its own, reads the process groups of the running commands from a pipe (`+pgid`
 * when one starts, `-pgid` when it ended) and, when the pipe ends (the daemon is gone, even by
 * SIGKILL), kills the groups still running. A call costs two short writes; shell builtins only.
 */
export interface GroupWatchdog {
  /** Starts the shell now, if it is not running, so that it runs before the command does. */
  ready(): void;
  /** Registers a command's process group; the returned function unregisters it once the group was killed. */
  watch(pgid: number): () => void;
}

// $live holds the running groups, space-separated with a space at each end.
const WATCHDOG_SCRIPT = [
  'live=" "',
  "while read -r op group; do",
  "  case $op in",
  '    +) live="$live$group " ;;',
  '    -) rest=" "; for g in $live; do [ "$g" = "$group" ] || rest="$rest$g "; done; live=$rest ;;',
  "  esac",
  "done",
  "for group in $live; do kill -9 -$group 2>/dev/null; done",
].join("\n");

/** Starts the watchdog (lazily, per sandbox decision); a new one replaces it should it end. */
export function groupWatchdog(): GroupWatchdog {
  let shell: ChildProcess | undefined;
  const running = (): ChildProcess => {
    if (shell && shell.exitCode === null && shell.signalCode === null) return shell;
    // No environment: the daemon's holds its secrets, and a command could read the watchdog's.
    shell = spawn("/bin/sh", ["-c", WATCHDOG_SCRIPT, "skein-watchdog"], {
      env: {},
      detached: true,
      stdio: ["pipe", "ignore", "ignore"],
    });
    // A watchdog that cannot start, or was killed, costs its protection only, never the call or the daemon.
    shell.on("error", () => undefined);
    shell.stdin!.on("error", () => undefined);
    shell.unref();
    return shell;
  };
  const send = (line: string, to: ChildProcess) => {
    if (to.stdin?.writable) to.stdin.write(line);
  };
  return {
    ready() {
      running();
    },
    watch(pgid) {
      const to = running();
      send(`+ ${pgid}\n`, to);
      return () => send(`- ${pgid}\n`, to);
    },
  };
}
