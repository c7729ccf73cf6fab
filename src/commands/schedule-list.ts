import { loadConfig } from "../config/load.js";
import { describeSchedule } from "../scheduler/job.js";
import { type CommandIo, type PairingCommandOptions, processIo } from "./pairing-shared.js";
import { withJobStore } from "./schedule-store.js";

/** `skein schedule list [--json]`: every scheduled job, its next run and where it delivers. */
export async function run(options: PairingCommandOptions, io: CommandIo = processIo): Promise<number> {
  try {
    const loaded = await loadConfig({ configPath: options.config, env: io.env, cwd: io.cwd });
    const jobs = await withJobStore(loaded, (store) => store.list());
    if (options.json) {
      io.stdout(`${JSON.stringify(jobs, null, 2)}\n`);
      return 0;
    }
    if (jobs.length === 0) {
      io.stdout("No scheduled jobs.\n");
      return 0;
    }
    for (const job of jobs) {
      const next = job.nextRun === undefined ? "done" : new Date(job.nextRun).toISOString();
      const name = job.name ? ` "${job.name}"` : "";
      io.stdout(
        `${job.id}  ${job.kind}${name}  ${describeSchedule(job.schedule, job.tz)}  next ${next}  ` +
          `to ${job.target.channel}:${job.target.chatId}  (from ${job.createdIn.channel}:${job.createdIn.chatId})\n`,
      );
    }
    io.stdout("Remove one with: skein schedule remove <id>\n");
    return 0;
  } catch (error) {
    io.stderr(`skein: ${(error as Error).message}\n`);
    return 1;
  }
}
