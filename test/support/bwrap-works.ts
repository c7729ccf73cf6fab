import { execFileSync } from "node:child_process";

/** Whether bubblewrap runs here (installed, user and pid namespaces allowed): sandbox tests skip where it does not. */
export function bwrapWorks(): boolean {
  try {
    execFileSync("bwrap", ["--unshare-user", "--unshare-pid", "--ro-bind", "/", "/", "true"], {
      stdio: "ignore",
      timeout: 5_000,
    });
    return true;
  } catch {
    return false;
  }
}
