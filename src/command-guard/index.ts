/**
 * The command guard: what `exec_shell` and `spawn` refuse before anything runs. Command lines are parsed
 * (bash-parser, in a worker thread with limits, so a hostile line cannot stall the daemon) and refused when
 * they reach for the daemon's secrets, its home, or the machine's control (the denylist); with
 * `tools.exec.allow` only the allowed programs run. A refusal is a {@link CommandRefused}.
 *
 * This file is the room's one entry point; the guard imports nothing but util.
 */
export {
  checkAllowlist,
  checkDenylist,
  checkProgram,
  commandSegments,
  isAllowlisted,
  isCommandTooLongToCheck,
  isProgramTooLongToCheck,
} from "./command-policy.js";
export { CommandRefused } from "./command-refused.js";
