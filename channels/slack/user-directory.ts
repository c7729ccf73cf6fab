import type { Logger } from "pino";

/** The one Web API call the directory needs (a WebClient's `users.info`). */
export type UsersInfo = (args: { user: string }) => Promise<{
  user?: { name?: string; real_name?: string; profile?: { display_name?: string; real_name?: string } };
}>;

export interface UserDirectoryOptions {
  usersInfo: UsersInfo;
  log: Logger;
  /** Lookups per message at most; other ids stay as ids (default 5). */
  maxLookups?: number;
  /** Names remembered at most (default 1000). */
  capacity?: number;
}

/**
 * Display names of Slack users, looked up with `users.info` once and cached. Optional
 * and bounded: a failed or missing lookup just leaves the id, and never delays a
 * message by more than the lookup client's own timeout.
 */
export class UserDirectory {
  readonly #names = new Map<string, Promise<string | undefined>>();
  readonly #options: UserDirectoryOptions;

  constructor(options: UserDirectoryOptions) {
    this.#options = options;
  }

  /** Names of the given users that could be found, by id. */
  async namesOf(ids: readonly string[]): Promise<Map<string, string>> {
    const wanted = [...new Set(ids)].slice(0, this.#options.maxLookups ?? 5);
    const names = await Promise.all(wanted.map((id) => this.#lookup(id)));
    const found = new Map<string, string>();
    wanted.forEach((id, index) => {
      const name = names[index];
      if (name) found.set(id, name);
    });
    return found;
  }

  #lookup(id: string): Promise<string | undefined> {
    const cached = this.#names.get(id);
    if (cached) return cached;
    const lookup = this.#options
      .usersInfo({ user: id })
      .then(
        ({ user }) =>
          user?.profile?.display_name || user?.profile?.real_name || user?.real_name || user?.name || undefined,
      )
      .catch((error: unknown) => {
        this.#options.log.debug({ err: error, user: id }, "users.info failed; the id is shown instead of a name");
        this.#names.delete(id);
        return undefined;
      });
    if (this.#names.size >= (this.#options.capacity ?? 1000)) {
      const oldest = this.#names.keys().next().value;
      if (oldest !== undefined) this.#names.delete(oldest);
    }
    this.#names.set(id, lookup);
    return lookup;
  }
}
