import { expect, it } from "vitest";
import type { DashboardSessionStore } from "../../src/dashboard/dashboard-sessions.js";
import { DashboardLogins, tokenHash } from "../../src/dashboard/dashboard-sessions.js";

/** Two handles on one store (two processes of a cluster, or the daemon and `skein dashboard`). */
export interface SessionStoreWorld {
  store: DashboardSessionStore;
  other: DashboardSessionStore;
}

/** What every dashboard session store does, whatever keeps it (files, Redis). */
export function sessionStoreContract(world: () => SessionStoreWorld): void {
  it("spends a login token once across handles, and never an expired one", async () => {
    const { store, other } = world();
    const now = Date.now();
    await store.addLogin("a".repeat(64), now + 60_000);
    expect(await other.spendLogin("a".repeat(64), now)).toBe(true);
    expect(await store.spendLogin("a".repeat(64), now)).toBe(false);
    await store.addLogin("b".repeat(64), now + 60_000);
    expect(await other.spendLogin("b".repeat(64), now + 60_001)).toBe(false);
    expect(await store.spendLogin("c".repeat(64), now)).toBe(false);
  });

  it("opens a session made by one handle in the other, until it expires, is removed or all are revoked", async () => {
    const { store, other } = world();
    const logins = new DashboardLogins({ store, sessionTtlSeconds: 600 });
    const elsewhere = new DashboardLogins({ store: other, sessionTtlSeconds: 600 });
    const opened = await logins.login(await elsewhere.issueLoginToken());
    expect(opened).toBeDefined();
    expect(await elsewhere.session(opened!.token)).toMatchObject({ hash: tokenHash(opened!.token) });
    const now = Date.now();
    await store.addSession("d".repeat(64), now + 1_000);
    expect(await other.sessionExpiry("d".repeat(64), now)).toBe(now + 1_000);
    expect(await other.sessionExpiry("d".repeat(64), now + 1_000)).toBeUndefined();

    const second = await elsewhere.login(await logins.issueLoginToken());
    await elsewhere.logout(second!.session);
    expect(await logins.session(second!.token)).toBeUndefined();

    const pendingLink = await logins.issueLoginToken();
    expect(await other.removeAll()).toBeGreaterThanOrEqual(1);
    expect(await logins.session(opened!.token)).toBeUndefined();
    expect(await elsewhere.login(pendingLink)).toBeUndefined();
  });
}
