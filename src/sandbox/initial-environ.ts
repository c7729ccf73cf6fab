import { closeSync, openSync, readFileSync, writeSync } from "node:fs";
import { SAFE_ENV_KEYS } from "./safe-env.js";

/**
 * Blanks the values in this process's initial environment block, the one
 * `/proc/<pid>/environ` shows to every process of the same user, so a command the
 * agent runs without the sandbox cannot read the daemon's API keys and tokens there.
 * `process.env` keeps every value: each is first copied to the heap (setenv), then the
 * original bytes are overwritten through `/proc/self/mem`. The variable names and the
 * values of {@link SAFE_ENV_KEYS} stay. Linux only; resolves with why it could not
 * scrub, or undefined when it did.
 */
export function scrubInitialEnvironment(): string | undefined {
  if (process.platform !== "linux") return `not on Linux (${process.platform})`;
  try {
    const stat = readFileSync("/proc/self/stat", "utf8");
    // proc(5): env_start and env_end are fields 50 and 51; the split starts at field 3 (state).
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const start = Number(fields[50 - 3]);
    if (!Number.isSafeInteger(start) || start <= 0) return "the kernel does not report env_start";
    const block = readFileSync("/proc/self/environ");
    for (const [key, value] of Object.entries(process.env)) process.env[key] = value;
    const keep = new Set<string>(SAFE_ENV_KEYS);
    const memory = openSync("/proc/self/mem", "r+");
    try {
      let offset = 0;
      while (offset < block.length) {
        const endOfEntry = block.indexOf(0, offset) === -1 ? block.length : block.indexOf(0, offset);
        const equals = block.indexOf(0x3d, offset);
        if (equals !== -1 && equals < endOfEntry && !keep.has(block.toString("utf8", offset, equals))) {
          const length = endOfEntry - equals - 1;
          if (length > 0) writeSync(memory, Buffer.alloc(length), 0, length, start + equals + 1);
        }
        offset = endOfEntry + 1;
      }
    } finally {
      closeSync(memory);
    }
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
