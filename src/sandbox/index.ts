/**
 * The sandbox: confines every program the agent starts (`exec_shell`, `spawn`, skills' scripts, the browser)
 * in bubblewrap, with no daemon secret in its environment, only its workspace writable, a per-call process and
 * memory limit (a pids cgroup where there is one) and a network mode (`none`; `public`, through the guarded
 * egress proxy; `full`), and ends it when the daemon ends, even by SIGKILL. Fails closed: without a working
 * bubblewrap every call is refused, saying why and how to fix it, unless the operator chose `none` knowingly.
 *
 * This file is the room's one entry point: decide once where programs run (`resolveSandbox`), then run a
 * program confined (`runSandboxed`), start a long-lived one with pipes of its own (`startSandboxed`, the browser), or
 * prepare its confined command line to start it yourself (`Sandbox.prepare`).
 * Nothing here imports a tool: tools and the browser call in, never the other way round.
 */
export type { SandboxLimits, SandboxNetwork } from "./bwrap-arguments.js";
export { LAUNCH_FAILED, SYSTEM_DIRS, WATCHDOG_FD } from "./bwrap-arguments.js";
export { scrubInitialEnvironment } from "./initial-environ.js";
export type { RunOutcome } from "./process-runner.js";
export { commandEnvironment, SAFE_ENV_KEYS } from "./safe-env.js";
export {
  DEFAULT_LIMITS,
  describeSandbox,
  NON_ROOT_UID,
  type PreparedCommand,
  resolveSandbox,
  SANDBOX_REMEDY,
  type Sandbox,
  type SandboxedCommand,
  type SandboxMode,
  type SandboxOptions,
  type SandboxUnavailable,
  sandboxCheck,
} from "./sandbox.js";
export { SandboxError, type SandboxErrorKind } from "./sandbox-error.js";
export { runSandboxed, type SandboxDecision, type SandboxedRunOptions } from "./sandboxed-run.js";
export {
  PASSED_FD_BASE,
  type SandboxedExit,
  type SandboxedProcess,
  type SandboxedStartOptions,
  startSandboxed,
} from "./sandboxed-start.js";
