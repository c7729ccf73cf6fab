import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * The dashboard's logins: one-time login tokens (what `skein dashboard` prints) and the sessions
 * they open (the `skein_session` cookie). Stores see only SHA-256 hashes of the tokens, so a copy
 * of the files (or of Redis) opens nothing.
 */

/** Where login tokens and sessions are kept: files under `$SKEIN_HOME/dashboard/`, or Redis in a cluster. */
export interface DashboardSessionStore {
  /** Keeps the hash of a new one-time login token until `expiresAt` (epoch ms). */
  addLogin(hash: string, expiresAt: number): Promise<void>;
  /** Spends a login token: true for exactly one caller, while it is unexpired at `now`. */
  spendLogin(hash: string, now: number): Promise<boolean>;
  addSession(hash: string, expiresAt: number): Promise<void>;
  /** The session's expiry (epoch ms), or undefined when it is unknown or expired at `now`. */
  sessionExpiry(hash: string, now: number): Promise<number | undefined>;
  removeSession(hash: string): Promise<void>;
  /** Ends every session and login token; resolves with the number of sessions ended. */
  removeAll(): Promise<number>;
}

/** A logged-in browser: its short id (recorded as `dashboard:<id>` where it decided something) and expiry. */
export interface DashboardSession {
  /** The first 12 hex digits of the session token's hash: names the session, opens nothing. */
  readonly id: string;
  readonly hash: string;
  readonly expiresAt: number;
  /** The CSRF token state-changing requests of this session carry (`X-CSRF-Token`). */
  readonly csrf: string;
}

/** How long the link `skein dashboard` prints stays usable: 15 minutes. */
export const loginTokenTtlMs = 15 * 60_000;

export interface DashboardLoginsOptions {
  store: DashboardSessionStore;
  /** `dashboard.session_ttl` in seconds. */
  sessionTtlSeconds: number;
  now?: () => number;
}

/** Issues login tokens, spends them into sessions and checks session cookies. */
export class DashboardLogins {
  readonly #store: DashboardSessionStore;
  readonly #ttlMs: number;
  readonly #now: () => number;

  constructor(options: DashboardLoginsOptions) {
    this.#store = options.store;
    this.#ttlMs = options.sessionTtlSeconds * 1000;
    this.#now = options.now ?? Date.now;
  }

  /** A new one-time login token (usable for {@link loginTokenTtlMs}). */
  async issueLoginToken(): Promise<string> {
    return issueLoginToken(this.#store, this.#now());
  }

  /** Spends `loginToken` and opens a session: its cookie token, or undefined when the token is spent, unknown or expired. */
  async login(loginToken: string): Promise<{ token: string; session: DashboardSession } | undefined> {
    if (!wellFormedToken(loginToken)) return undefined;
    if (!(await this.#store.spendLogin(tokenHash(loginToken), this.#now()))) return undefined;
    const token = newToken();
    const hash = tokenHash(token);
    const expiresAt = this.#now() + this.#ttlMs;
    await this.#store.addSession(hash, expiresAt);
    return { token, session: sessionOf(token, hash, expiresAt) };
  }

  /** The session a cookie's token opens now, if any. */
  async session(token: string | undefined): Promise<DashboardSession | undefined> {
    if (!token || !wellFormedToken(token)) return undefined;
    const hash = tokenHash(token);
    const expiresAt = await this.#store.sessionExpiry(hash, this.#now());
    return expiresAt === undefined ? undefined : sessionOf(token, hash, expiresAt);
  }

  /** Whether the session is still open (it may have been ended elsewhere, or expired). */
  async isOpen(session: DashboardSession): Promise<boolean> {
    return (await this.#store.sessionExpiry(session.hash, this.#now())) !== undefined;
  }

  logout(session: DashboardSession): Promise<void> {
    return this.#store.removeSession(session.hash);
  }

  revokeAll(): Promise<number> {
    return this.#store.removeAll();
  }
}

/** Stores a new login token in `store` and returns it (`skein dashboard` with the daemon stopped uses this directly). */
export async function issueLoginToken(store: DashboardSessionStore, now: number): Promise<string> {
  const token = newToken();
  await store.addLogin(tokenHash(token), now + loginTokenTtlMs);
  return token;
}

/** Whether `given` is the CSRF token of `session` (constant time). */
export function csrfMatches(session: DashboardSession, given: string | undefined): boolean {
  if (!given) return false;
  const expected = Buffer.from(session.csrf);
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

function sessionOf(token: string, hash: string, expiresAt: number): DashboardSession {
  const csrf = createHmac("sha256", token).update("skein dashboard csrf").digest("base64url");
  return { id: hash.slice(0, 12), hash, expiresAt, csrf };
}

function newToken(): string {
  return randomBytes(32).toString("base64url");
}

function wellFormedToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}

/** The SHA-256 (hex) under which a token is stored. */
export function tokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
