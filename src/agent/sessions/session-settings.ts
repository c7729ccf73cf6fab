import { readFile } from "node:fs/promises";
import type { Logger } from "pino";
import { writeFileAtomic } from "../../util/atomic-write.js";

/** What a conversation has chosen for itself. */
export interface SessionSettings {
  /** Set with `/model <name>`; the default model when absent. */
  model?: string;
  /** Set with `/voice on|off`: every reply spoken, or none; the agent's `tts.mode` when absent. */
  voice?: "on" | "off";
}

/** Per-conversation settings that outlive restarts. */
export interface SessionSettingsStore {
  get(sessionKey: string): Promise<SessionSettings>;
  /** Replaces a conversation's settings; an empty object removes them. */
  set(sessionKey: string, settings: SessionSettings): Promise<void>;
}

/**
 * Settings of every conversation in one small JSON file (`$SKEIN_HOME/session-settings.json`),
 * read once and rewritten atomically on each change. An unreadable file is logged and
 * treated as empty, so a chat never goes silent because of it.
 */
export class SessionSettingsFile implements SessionSettingsStore {
  readonly #path: string;
  readonly #log: Logger;
  #settings: Promise<Map<string, SessionSettings>> | undefined;
  #writing: Promise<unknown> = Promise.resolve();

  constructor(options: { path: string; log: Logger }) {
    this.#path = options.path;
    this.#log = options.log;
  }

  async get(sessionKey: string): Promise<SessionSettings> {
    return { ...(await this.#load()).get(sessionKey) };
  }

  async set(sessionKey: string, settings: SessionSettings): Promise<void> {
    const all = await this.#load();
    if (Object.values(settings).some((value) => value !== undefined)) all.set(sessionKey, { ...settings });
    else all.delete(sessionKey);
    const text = `${JSON.stringify({ sessions: Object.fromEntries(all) }, null, 2)}\n`;
    const written = this.#writing.then(() => writeFileAtomic(this.#path, text));
    this.#writing = written.catch(() => undefined);
    await written;
  }

  #load(): Promise<Map<string, SessionSettings>> {
    this.#settings ??= readFile(this.#path, "utf8").then(
      (text) => {
        try {
          const sessions = (JSON.parse(text) as { sessions?: Record<string, SessionSettings> }).sessions ?? {};
          return new Map(Object.entries(sessions));
        } catch (error) {
          this.#log.error({ err: error, path: this.#path }, "session settings are not valid JSON; starting empty");
          return new Map();
        }
      },
      (error: NodeJS.ErrnoException) => {
        if (error.code !== "ENOENT")
          this.#log.error({ err: error, path: this.#path }, "cannot read session settings; starting empty");
        return new Map();
      },
    );
    return this.#settings;
  }
}

/** Settings kept in memory only: for tests and embedders that need no persistence. */
export class MemorySessionSettings implements SessionSettingsStore {
  readonly #settings = new Map<string, SessionSettings>();

  async get(sessionKey: string): Promise<SessionSettings> {
    return { ...this.#settings.get(sessionKey) };
  }

  async set(sessionKey: string, settings: SessionSettings): Promise<void> {
    if (Object.values(settings).some((value) => value !== undefined)) this.#settings.set(sessionKey, { ...settings });
    else this.#settings.delete(sessionKey);
  }
}
