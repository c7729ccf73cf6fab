import type { DashboardSessionStore } from "../dashboard/dashboard-sessions.js";
import type { Cluster } from "./open-cluster.js";
import { scanKeys } from "./scan-keys.js";

/**
 * The dashboard's login tokens and sessions in Redis, so every process of a cluster accepts a
 * session, and a login token spent in one is spent in all (`DEL` answers 1 to one caller only).
 * Keys expire with their token; the set of session hashes serves `--revoke-all`.
 */
export class RedisDashboardSessions implements DashboardSessionStore {
  readonly #redis: Cluster["redis"];
  readonly #prefix: string;

  constructor(cluster: Pick<Cluster, "redis" | "prefix">) {
    this.#redis = cluster.redis;
    this.#prefix = `${cluster.prefix}dashboard:`;
  }

  async addLogin(hash: string, expiresAt: number): Promise<void> {
    await this.#redis.set(this.#login(hash), String(expiresAt), "PXAT", expiresAt);
  }

  async spendLogin(hash: string, now: number): Promise<boolean> {
    const expiresAt = await this.#redis.getdel(this.#login(hash));
    return expiresAt !== null && Number(expiresAt) > now;
  }

  async addSession(hash: string, expiresAt: number): Promise<void> {
    await this.#redis
      .multi()
      .set(this.#session(hash), String(expiresAt), "PXAT", expiresAt)
      .sadd(this.#sessions(), hash)
      .exec();
  }

  async sessionExpiry(hash: string, now: number): Promise<number | undefined> {
    const expiresAt = await this.#redis.get(this.#session(hash));
    if (expiresAt === null || Number(expiresAt) <= now) return undefined;
    return Number(expiresAt);
  }

  async removeSession(hash: string): Promise<void> {
    await this.#redis.multi().del(this.#session(hash)).srem(this.#sessions(), hash).exec();
  }

  async removeAll(): Promise<number> {
    const hashes = await this.#redis.smembers(this.#sessions());
    const logins = await scanKeys(this.#redis, this.#login("*"));
    const live = hashes.length ? await this.#redis.exists(...hashes.map((hash) => this.#session(hash))) : 0;
    await this.#redis.del(this.#sessions(), ...hashes.map((hash) => this.#session(hash)), ...logins);
    return live;
  }

  #login(hash: string): string {
    return `${this.#prefix}login:${hash}`;
  }

  #session(hash: string): string {
    return `${this.#prefix}session:${hash}`;
  }

  #sessions(): string {
    return `${this.#prefix}sessions`;
  }
}
