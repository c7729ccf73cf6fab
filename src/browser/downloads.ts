import { readdir, rename, rm, stat } from "node:fs/promises";
import { join, relative } from "node:path";
import type { Download } from "playwright-core";
import { reserveName, safeInboxName } from "../util/inbox-file-name.js";

/**
 * Files the browser downloaded: Chromium writes them into the workspace's `inbox/browser/` (the only place it
 * may: Playwright's downloads folder is set there), and each is renamed there from its random name to
 * `<date>-<its own name, made safe as attachments' names are>` once complete. The next action's answer tells the
 * model where they are.
 */
export class Downloads {
  readonly #finished: string[] = [];

  constructor(
    private readonly directory: string,
    private readonly workspace: string,
  ) {}

  /** Follows one download (a page's `download` event) until it is complete, or failed and removed. */
  follow(download: Download): void {
    void this.#keep(download).then((line) => this.#finished.push(line));
  }

  /** What finished since the last call, one line each. */
  take(): string[] {
    return this.#finished.splice(0);
  }

  async #keep(download: Download): Promise<string> {
    const name = download.suggestedFilename();
    try {
      const path = await download.path();
      const date = new Date().toISOString().slice(0, 10);
      const target = await reserveName(this.directory, `${date}-`, safeInboxName(name, "download"));
      await rename(path, target);
      const { size } = await stat(target);
      return `Downloaded ${relative(this.workspace, target)} (${size} bytes) from ${download.url()}`;
    } catch (error) {
      await download.delete().catch(() => undefined);
      return `The download of ${name} from ${download.url()} failed: ${(error as Error).message}`;
    }
  }

  /** Removes the files of downloads that never completed (their random names), at close. */
  static async removePartial(directory: string): Promise<void> {
    const names = await readdir(directory).catch(() => [] as string[]);
    await Promise.all(
      names
        .filter((file) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(file))
        .map((file) => rm(join(directory, file), { force: true })),
    );
  }
}
