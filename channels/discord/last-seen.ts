import { readFile } from "node:fs/promises";
import type { Logger } from "pino";
import { writeFileAtomic } from "../../src/util/atomic-write.js";
import { compareSnowflakes, snowflakeAt } from "./snowflake.js";

/** Channels whose last message is older than this are forgotten, so the file stays small (30 days). */
const FORGET_AFTER_MS = 30 * 86_400_000;

interface LastSeenFile {
  version: 1;
  /** Channel id -> id of the newest message recorded from it. */
  channels: Record<string, string>;
}

/**
 * The newest Discord message id recorded per channel, kept in a small JSON file
 * (`$SKEIN_HOME/state/discord-last-seen.json`): where catch-up resumes after downtime.
 * An id only moves forward, and only once the message is durably recorded by the bus,
 * so a crash at any point makes catch-up fetch a message again (the journal drops the
 * duplicate), never skip one. Writes are atomic and coalesced: one at a time, the
 * newest state wins.
 */
export class LastSeenStore {
  readonly #path: string;
  readonly #log: Logger;
  readonly #channels: Map<string, string>;
  #writing: Promise<void> | undefined;
  #dirty = false;

  private constructor(path: string, log: Logger, channels: Map<string, string>) {
    this.#path = path;
    this.#log = log;
    this.#channels = channels;
  }

  /** Reads the file at `path`; a missing or unreadable one starts empty (catch-up then has nothing to resume). */
  static async open(path: string, log: Logger): Promise<LastSeenStore> {
    let channels = new Map<string, string>();
    try {
      const parsed = JSON.parse(await readFile(path, "utf8")) as Partial<LastSeenFile>;
      channels = new Map(Object.entries(parsed.channels ?? {}).filter(([, id]) => /^\d+$/.test(id)));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT")
        log.warn({ err: error, path }, "discord: the last-seen file is unreadable; catching up from nothing");
    }
    return new LastSeenStore(path, log, channels);
  }

  /** Channels with a recorded message, in no particular order. */
  channels(): string[] {
    return [...this.#channels.keys()];
  }

  /** The newest recorded message id of `channelId`. */
  get(channelId: string): string | undefined {
    return this.#channels.get(channelId);
  }

  /** Notes that `messageId` of `channelId` is recorded; an older id changes nothing. Saved soon after. */
  advance(channelId: string, messageId: string): void {
    const current = this.#channels.get(channelId);
    if (current !== undefined && compareSnowflakes(messageId, current) <= 0) return;
    this.#channels.set(channelId, messageId);
    this.#dirty = true;
    this.#writing ??= this.#writeWhileDirty();
  }

  /** Resolves once every change so far is on disk. */
  async flush(): Promise<void> {
    await this.#writing;
  }

  async #writeWhileDirty(): Promise<void> {
    try {
      while (this.#dirty) {
        this.#dirty = false;
        const oldest = snowflakeAt(Date.now() - FORGET_AFTER_MS);
        for (const [channelId, id] of this.#channels)
          if (compareSnowflakes(id, oldest) < 0) this.#channels.delete(channelId);
        const file: LastSeenFile = { version: 1, channels: Object.fromEntries(this.#channels) };
        await writeFileAtomic(this.#path, `${JSON.stringify(file)}\n`).catch((error: unknown) =>
          this.#log.warn({ err: error, path: this.#path }, "discord: could not save the last-seen message ids"),
        );
      }
    } finally {
      this.#writing = undefined;
    }
  }
}
