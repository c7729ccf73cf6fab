import { readFileSync, statSync } from "node:fs";
import { relative } from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/** Files that start the built CLI, a cluster, a Redis server or npm: seconds each, not milliseconds. */
const SPAWNS_PROCESSES =
  /spawnSkein|cliPath|World\.create|startThreePlatforms|cluster-harness|cluster-daemons|redis-server|built-cli|SkeinUnderAttack/;

/**
 * Orders test files longest first, so that the run is not tail-bound: a 60 s file started
 * last keeps the whole suite waiting for it while the other workers sit idle. Uses vitest's
 * cache of last run's durations when it knows every file; on a fresh clone (CI) it estimates:
 * the reliability storms first, then files that spawn processes, then the rest, larger first.
 */
export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const lastDuration = (file: TestSpecification) =>
      this.ctx.cache.getFileTestResults(`${file.project.name}:${relative(root, file.moduleId)}`)?.duration;
    if (files.every((file) => lastDuration(file) !== undefined))
      return [...files].sort((a, b) => lastDuration(b)! - lastDuration(a)!);
    const weight = new Map(files.map((file) => [file, estimate(relative(root, file.moduleId), file.moduleId)]));
    return [...files].sort((a, b) => weight.get(b)! - weight.get(a)!);
  }
}

/** A rough cost: the class of the file (storm, spawning, in-process) first, its size within the class. */
function estimate(path: string, absolutePath: string): number {
  let text = "";
  try {
    text = readFileSync(absolutePath, "utf8");
  } catch {
    return 0;
  }
  const size = statSync(absolutePath).size;
  const spawns = SPAWNS_PROCESSES.test(text) || path.endsWith("-cli.test.ts");
  const storm = path.startsWith("test/reliability/");
  return (storm ? 2e9 : spawns ? 1e9 : 0) + size;
}
