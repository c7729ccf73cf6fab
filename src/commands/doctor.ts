import { runDoctor } from "../health/doctor.js";
import type { GlobalOptions } from "./command-support.js";

/** `skein doctor`: one line per check (or JSON with `--json`), non-zero exit when any fails. */
export async function run(options: GlobalOptions & { json?: boolean }): Promise<number> {
  const { exitCode } = await runDoctor({
    ...(options.config ? { configPath: options.config } : {}),
    json: options.json,
  });
  return exitCode;
}
