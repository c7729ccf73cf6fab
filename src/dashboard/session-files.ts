import { mkdir, readdir, readFile, rm, unlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { DashboardSessionStore } from "./dashboard-sessions.js";

/** `$SKEIN_HOME/dashboard`: where the dashboard's login tokens and sessions are kept on one machine. */
export function dashboardDir(home: string): string {
  return join(home, "dashboard");
}

/**
 * The dashboard's sessions as files: `$SKEIN_HOME/dashboard/logins/<hash>` and `…/sessions/<hash>`
 * (directories 0700, files 0600), each holding its expiry. One file per token needs no lock:
 * spending a login token is unlinking its file, which succeeds for exactly one caller, and
 * `skein dashboard` can add a token while the daemon is stopped.
 */
export class DashboardSessionFiles implements DashboardSessionStore {
  readonly #logins: string;
  readonly #sessions: string;

  constructor(home: string) {
    this.#logins = join(dashboardDir(home), "logins");
    this.#sessions = join(dashboardDir(home), "sessions");
  }

  async addLogin(hash: string, expiresAt: number): Promise<void> {
    await this.#write(this.#logins, hash, expiresAt);
  }

  async spendLogin(hash: string, now: number): Promise<boolean> {
    const path = join(this.#logins, hash);
    const expiresAt = await readExpiry(path);
    if (expiresAt === undefined) return false;
    try {
      await unlink(path);
    } catch {
      return false; // spent by another request in the meantime
    }
    return expiresAt > now;
  }

  async addSession(hash: string, expiresAt: number): Promise<void> {
    await this.#write(this.#sessions, hash, expiresAt);
  }

  async sessionExpiry(hash: string, now: number): Promise<number | undefined> {
    const path = join(this.#sessions, hash);
    const expiresAt = await readExpiry(path);
    if (expiresAt === undefined) return undefined;
    if (expiresAt > now) return expiresAt;
    await rm(path, { force: true });
    return undefined;
  }

  async removeSession(hash: string): Promise<void> {
    await rm(join(this.#sessions, hash), { force: true });
  }

  async removeAll(): Promise<number> {
    const sessions = await readdir(this.#sessions).catch(() => []);
    await Promise.all([
      ...sessions.map((name) => rm(join(this.#sessions, name), { force: true })),
      readdir(this.#logins)
        .catch(() => [])
        .then((logins) => Promise.all(logins.map((name) => rm(join(this.#logins, name), { force: true })))),
    ]);
    return sessions.length;
  }

  async #write(dir: string, hash: string, expiresAt: number): Promise<void> {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    await writeFile(join(dir, hash), `${expiresAt}\n`, { mode: 0o600 });
  }
}

async function readExpiry(path: string): Promise<number | undefined> {
  if (!/^[0-9a-f]{64}$/.test(path.slice(-64))) return undefined;
  try {
    const expiresAt = Number((await readFile(path, "utf8")).trim());
    return Number.isFinite(expiresAt) ? expiresAt : undefined;
  } catch {
    return undefined;
  }
}
