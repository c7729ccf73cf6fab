import { runDoctor } from "../health/doctor.js";
import type { GlobalOptions } from "./command-support.js";

/** `skein doctor`: one line per check, non-zero exit when any fails. */
export async function run(options: GlobalOptions): Promise<number> {
  const { exitCode } = await runDoctor(options.config ? { configPath: options.config } : {});
  return exitCode;
}
