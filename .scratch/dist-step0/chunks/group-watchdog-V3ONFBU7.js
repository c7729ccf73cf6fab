#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);

import "./chunk-GZ7VATWC.js";
import { spawn } from "node:child_process";
var WATCHDOG_SCRIPT = [
  'live=" "',
  "while read -r op group; do",
  "  case $op in",
  '    +) live="$live$group " ;;',
  '    -) rest=" "; for g in $live; do [ "$g" = "$group" ] || rest="$rest$g "; done; live=$rest ;;',
  "  esac",
  "done",
  "for group in $live; do kill -9 -$group 2>/dev/null; done",
].join(`
`);
function groupWatchdog() {
  let shell,
    running = () => (
      (shell && shell.exitCode === null && shell.signalCode === null) ||
        ((shell = spawn("/bin/sh", ["-c", WATCHDOG_SCRIPT, "skein-watchdog"], {
          env: {},
          detached: !0,
          stdio: ["pipe", "ignore", "ignore"],
        })),
        shell.on("error", () => {}),
        shell.stdin.on("error", () => {}),
        shell.unref()),
      shell
    ),
    send = (line, to) => {
      to.stdin?.writable && to.stdin.write(line);
    };
  return {
    ready() {
      running();
    },
    watch(pgid) {
      const to = running();
      return (
        send(
          `+ ${pgid}
`,
          to,
        ),
        () =>
          send(
            `- ${pgid}
`,
            to,
          )
      );
    },
  };
}
export { groupWatchdog };
//# sourceMappingURL=group-watchdog-V3ONFBU7.js.map
