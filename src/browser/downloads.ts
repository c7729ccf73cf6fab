import { existsSync } from "node:fs";
import { readdir, rename, rm, stat } from "node:fs/promises";
import { join, relative } from "node:path";
import type { Download } from "playwright-core";

/**
 * Files the browser downloaded: Chromium writes them into the workspace's `inbox/browser/` (the only place it
 * may: Playwright's downloads folder is set there), and each is renamed there from its random name to
 * `<date>-<its own name, made safe>` once complete. The next action's answer tells the model where they are.
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
    const name = safeName(download.suggestedFilename());
    try {
      const path = await download.path();
      const target = freeName(this.directory, `${new Date().toISOString().slice(0, 10)}-${name}`);
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

/** A file name as the page suggested it, made safe: no path, no control characters, no leading dot, 120 characters at most. */
export function safeName(suggested: string): string {
  const base = suggested.split(/[\\/]/).pop() ?? "";
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, "").replace(/^\.+/, "").trim().slice(-120);
  return cleaned || "download";
}

/** `name` in `directory`, or `name-2`, `name-3`, ... (before its extension) when it is taken. */
function freeName(directory: string, name: string): string {
  const dot = name.lastIndexOf(".");
  const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ""];
  for (let index = 1; ; index++) {
    const candidate = join(directory, index === 1 ? name : `${stem}-${index}${extension}`);
    if (!existsSync(candidate)) return candidate;
  }
}
