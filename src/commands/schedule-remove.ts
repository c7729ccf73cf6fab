import { loadConfig } from "../config/load.js";
import { type CommandIo, type PairingCommandOptions, processIo } from "./pairing-shared.js";
import { withJobStore } from "./schedule-store.js";

/**
 * `skein schedule remove <id>`: deletes a job from `$SKEIN_HOME/schedule/jobs.json` under
 * the store's lock (or from Redis in cluster mode); a running daemon reads the jobs before
 * each run, so the job does not fire again.
 */
export async function run(options: PairingCommandOptions, io: CommandIo = processIo): Promise<number> {
  const [id] = options.args ?? [];
  try {
    if (!id) throw new Error("give the id of the job to remove (see skein schedule list)");
    const loaded = await loadConfig({ configPath: options.config, env: io.env, cwd: io.cwd });
    const removed = await withJobStore(loaded, (store) => store.remove(id));
    if (!removed) {
      io.stderr(`skein: no scheduled job ${id} (see skein schedule list)\n`);
      return 1;
    }
    io.stdout(`Removed job ${id}.\n`);
    return 0;
  } catch (error) {
    io.stderr(`skein: ${(error as Error).message}\n`);
    return 1;
  }
}
