// STUB: replaced by the issue that owns this command.
import type { GlobalOptions } from "../cli.js";

export async function run(_options: GlobalOptions): Promise<number> {
  process.stderr.write("skein: 'start' is not implemented yet\n");
  return 1;
}
