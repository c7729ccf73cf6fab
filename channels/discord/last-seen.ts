import { readFile } from "node:fs/promises";
import type { Logger } from "pino";
import type { ChannelStateStore } from "../../src/channel-kit/channel.js";
import { writeFileAtomic } from "../../src/util/atomic-write.js";
import { compareSnowflakes, snowflakeAt } from "./snowflake.js";

/** Channels whose last message is older than this are forgotten, so the file stays small (30 days). */
const FORGET_AFTER_MS = 30 * 86_400_000;

interface LastSeenFile {
  version: 1;
  /** Channel id -> id of the newest message recorded from it. */
  channels: Record<string, string>;
}

/** Where the marks are kept: a file, or (cluster mode) the channel's state shared through Redis. */
export interface LastSeenMedium {
  /** For log lines: the file's path, or where the shared state is. */
  readonly where: string;
  /** The saved text, or `undefined` when nothing was saved yet. */
  read(): Promise<string | undefined>;
  write(text: string): Promise<void>;
}

/** The marks in `$SKEIN_HOME/state/discord-last-seen.json` (one process). */
export function lastSeenFile(path: string): LastSeenMedium {
  return {
    where: path,
    read: () =>
      readFile(path, "utf8").catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return undefined;
        throw error;
      }),
    write: (text) => writeFileAtomic(path, text),
  };
}

/** The marks every process of a cluster shares: the next one to hold the gateway catches up from them. */
export function lastSeenShared(state: ChannelStateStore): LastSeenMedium {
  return {
    where: "the shared channel state",
    read: () => state.read("last-seen"),
    write: (text) => state.write("last-seen", text),
  };
}

/**
 * The newest Discord message id recorded per channel, kept as a small JSON text (a file
 * `$SKEIN_HOME/state/discord-last-seen.json`, or shared in Redis): where catch-up resumes after downtime.
 * An id only moves forward, and only once the message is durably recorded by the bus,
 * so a crash at any point makes catch-up fetch a message again (the journal drops the
 * duplicate), never skip one. Writes are atomic and coalesced: one at a time, the
 * newest state wins.
 */
export class LastSeenStore {
  readonly #medium: LastSeenMedium;
  readonly #log: Logger;
  readonly #channels: Map<string, string>;
  #writing: Promise<void> | undefined;
  #dirty = false;

  private constructor(medium: LastSeenMedium, log: Logger, channels: Map<string, string>) {
    this.#medium = medium;
    this.#log = log;
    this.#channels = channels;
  }

  /** Reads the saved marks; missing or unreadable ones start empty (catch-up then has nothing to resume). */
  static async open(medium: LastSeenMedium, log: Logger): Promise<LastSeenStore> {
    let channels = new Map<string, string>();
    try {
      const text = await medium.read();
      const parsed = (text === undefined ? {} : JSON.parse(text)) as Partial<LastSeenFile>;
      channels = new Map(Object.entries(parsed.channels ?? {}).filter(([, id]) => /^\d+$/.test(id)));
    } catch (error) {
      log.warn(
        { err: error, where: medium.where },
        "discord: the last-seen marks are unreadable; catching up from nothing",
      );
    }
    return new LastSeenStore(medium, log, channels);
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
        await this.#medium
          .write(`${JSON.stringify(file)}\n`)
          .catch((error: unknown) =>
            this.#log.warn(
              { err: error, where: this.#medium.where },
              "discord: could not save the last-seen message ids",
            ),
          );
      }
    } finally {
      this.#writing = undefined;
    }
  }
}
