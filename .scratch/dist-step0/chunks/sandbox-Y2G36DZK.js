#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);

import {
  commandEnvironment,
  DEFAULT_LIMITS,
  describeSandbox,
  LAUNCH_FAILED,
  resolveSandbox,
  runSandboxed,
  SAFE_ENV_KEYS,
  SANDBOX_REMEDY,
  SandboxError,
  SYSTEM_DIRS,
  sandboxCheck,
  scrubInitialEnvironment,
  WATCHDOG_FD,
} from "./chunk-2C6HCPTY.js";
import "./chunk-GZ7VATWC.js";
export {
  commandEnvironment,
  DEFAULT_LIMITS,
  describeSandbox,
  LAUNCH_FAILED,
  resolveSandbox,
  runSandboxed,
  SAFE_ENV_KEYS,
  SANDBOX_REMEDY,
  SandboxError,
  SYSTEM_DIRS,
  sandboxCheck,
  scrubInitialEnvironment,
  WATCHDOG_FD,
};
//# sourceMappingURL=sandbox-Y2G36DZK.js.map
