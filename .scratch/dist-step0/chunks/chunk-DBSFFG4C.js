#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { withFileLock } from "./chunk-SLFH2BJK.js";
import { writeFileAtomic } from "./chunk-VWMAGS7D.js";
function jobsFile(home) {
  return join(home, "schedule", "jobs.json");
}
function sameChat(a, b) {
  return a.channel === b.channel && a.chatId === b.chatId;
}
var JobFiles = class {
  #path;
  constructor(path) {
    this.#path = path;
  }
  async list() {
    let text;
    try {
      text = await readFile(this.#path, "utf8");
    } catch (error) {
      if (error.code === "ENOENT") return [];
      throw error;
    }
    const parsed = JSON.parse(text);
    if (!Array.isArray(parsed.jobs)) throw new Error(`${this.#path} holds no "jobs" list`);
    return parsed.jobs;
  }
  async due(now) {
    return (await this.list()).filter((job) => job.nextRun !== void 0 && job.nextRun <= now);
  }
  async earliestRun() {
    const next = Math.min(...(await this.list()).map((job) => job.nextRun ?? Number.POSITIVE_INFINITY));
    return Number.isFinite(next) ? next : void 0;
  }
  async add(job, maxPerChat) {
    let outcome = { type: "added" };
    return (
      await this.#update((jobs) => {
        const count = jobs.filter((existing) => sameChat(existing.createdIn, job.createdIn)).length;
        return count >= maxPerChat ? ((outcome = { type: "chat-full", count }), !1) : (jobs.push(job), !0);
      }),
      outcome
    );
  }
  remove(id, chat) {
    return this.#update((jobs) => {
      const index = jobs.findIndex((job) => job.id === id && (!chat || sameChat(job.createdIn, chat)));
      return index < 0 ? !1 : (jobs.splice(index, 1), !0);
    });
  }
  advance(id, from, to) {
    return this.#update((jobs) => {
      const index = jobs.findIndex((job) => job.id === id && job.nextRun === from);
      return index < 0 ? !1 : (to === void 0 ? jobs.splice(index, 1) : (jobs[index].nextRun = to), !0);
    });
  }
  #update(change) {
    return withFileLock(this.#path, async () => {
      const jobs = await this.list(),
        changed = change(jobs);
      return (
        changed &&
          (await writeFileAtomic(
            this.#path,
            `${JSON.stringify({ jobs }, null, 2)}
`,
          )),
        changed
      );
    });
  }
};
export { JobFiles, jobsFile, sameChat };
//# sourceMappingURL=chunk-DBSFFG4C.js.map
