import { loadConfig } from "../config/load.js";
import { JobStore, jobsFile } from "../scheduler/job-store.js";
import { type CommandIo, type PairingCommandOptions, processIo } from "./pairing-shared.js";

/**
 * `skein schedule remove <id>`: deletes a job from `$SKEIN_HOME/schedule/jobs.json` under
 * the store's lock; a running daemon reads the file before each run, so the job does not fire again.
 */
export async function run(options: PairingCommandOptions, io: CommandIo = processIo): Promise<number> {
  const [id] = options.args ?? [];
  try {
    if (!id) throw new Error("give the id of the job to remove (see skein schedule list)");
    const { home } = await loadConfig({ configPath: options.config, env: io.env, cwd: io.cwd });
    const removed = await new JobStore(jobsFile(home)).update((jobs) => {
      const index = jobs.findIndex((job) => job.id === id);
      if (index >= 0) jobs.splice(index, 1);
      return index >= 0;
    });
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
