import { copyFile, rename, rm, stat } from "node:fs/promises";
import { relative } from "node:path";
import type { Download } from "playwright-core";
import { reserveName, safeInboxName } from "../util/inbox-file-name.js";

/**
 * Files the browser downloaded: Chromium writes them into the browser's own downloads folder (the only place it
 * may: Playwright's downloads folder is set there; a download cut short goes with the browser's folder), and each
 * is moved into the workspace's `inbox/browser/` as `<date>-<its own name, made safe as attachments' names are>`
 * once complete. The next action's answer tells the
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
      await moveFile(path, target);
      const { size } = await stat(target);
      return `Downloaded ${relative(this.workspace, target)} (${size} bytes) from ${download.url()}`;
    } catch (error) {
      await download.delete().catch(() => undefined);
      return `The download of ${name} from ${download.url()} failed: ${(error as Error).message}`;
    }
  }
}

/** Moves a file, copying it where the two folders are on different file systems (a workspace elsewhere). */
async function moveFile(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
    await copyFile(from, to);
    await rm(from, { force: true });
  }
}
