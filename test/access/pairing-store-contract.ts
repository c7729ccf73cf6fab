import { expect, it } from "vitest";
import { pairingAlphabet } from "../../src/access/pairing-code.js";
import type { PairingStore } from "../../src/access/pairing-store.js";

/** Two handles on one store (as two processes, or a daemon and the CLI, have), and the clock they read. */
export interface PairingStoreWorld {
  store: PairingStore;
  other: PairingStore;
  advance(ms: number): void;
  now(): number;
}

/** What every pairing store does, whatever keeps it (files, Redis). */
export function pairingStoreContract(world: () => PairingStoreWorld): void {
  const sender = (id: string) => ({ senderId: id, chatId: id, senderUsername: `user${id}` });
  let store: PairingStore;
  let now: number;
  const setUp = () => {
    const current = world();
    store = current.store;
    now = current.now();
    return current;
  };

  it("hands out 8-character codes from the unambiguous alphabet", async () => {
    setUp();
    const request = await store.requestCode("telegram", sender("1"));
    expect(request).toMatchObject({ type: "code", isNew: true, expiresAt: now + 3_600_000 });
    if (request.type !== "code") throw new Error("no code");
    expect(request.code).toHaveLength(8);
    for (const character of request.code) expect(pairingAlphabet).toContain(character);
    expect(pairingAlphabet).not.toMatch(/[01OIL]/);
  });

  it("denies a pending code once, seen by the other handle, without approving its sender", async () => {
    const { other } = setUp();
    const request = await store.requestCode("telegram", sender("7"));
    if (request.type !== "code") throw new Error("no code");
    expect(await other.deny("telegram", request.code.toLowerCase())).toBe(true);
    expect(await store.deny("telegram", request.code)).toBe(false);
    expect((await store.read("telegram")).pending).toEqual([]);
    expect(await store.isApproved("telegram", "7")).toBe(false);
    expect(await store.approve("telegram", request.code)).toBeUndefined();
  });

  it("gives the same sender their existing code when they ask again", async () => {
    setUp();
    const first = await store.requestCode("telegram", sender("1"));
    const second = await store.requestCode("telegram", sender("1"));
    expect(second).toMatchObject({ type: "code", isNew: false });
    expect(second.type === "code" && first.type === "code" && second.code === first.code).toBe(true);
  });

  it("keeps at most three codes pending per channel", async () => {
    setUp();
    for (const id of ["1", "2", "3"]) expect((await store.requestCode("telegram", sender(id))).type).toBe("code");
    expect(await store.requestCode("telegram", sender("4"))).toEqual({ type: "too-many-pending" });
    expect((await store.requestCode("slack", sender("4"))).type).toBe("code");
  });

  it("forgets codes after an hour, making room for new ones", async () => {
    const current = setUp();
    const request = await store.requestCode("telegram", sender("1"));
    current.advance(3_600_000);
    expect((await store.read("telegram")).pending).toEqual([]);
    if (request.type !== "code") throw new Error("no code");
    expect(await store.approve("telegram", request.code)).toBeUndefined();
  });

  it("approves a code (typed in any case) and moves the sender to the approved list", async () => {
    setUp();
    const request = await store.requestCode("telegram", sender("1"));
    if (request.type !== "code") throw new Error("no code");
    const approved = await store.approve("telegram", request.code.toLowerCase());
    expect(approved).toMatchObject({ senderId: "1", senderUsername: "user1", approvedAt: now });
    expect(await store.isApproved("telegram", "1")).toBe(true);
    expect(await store.isApproved("slack", "1")).toBe(false);
    expect((await store.read("telegram")).pending).toEqual([]);
    expect(await store.approve("telegram", request.code)).toBeUndefined();
  });

  it("sees an approval written by another process without being restarted", async () => {
    const { other } = setUp();
    const daemon = store;
    const request = await daemon.requestCode("telegram", sender("1"));
    if (request.type !== "code") throw new Error("no code");
    expect(await daemon.isApproved("telegram", "1")).toBe(false);
    await other.approve("telegram", request.code);
    expect(await daemon.isApproved("telegram", "1")).toBe(true);
  });

  it("keeps every concurrent request (writes are serialised, none is lost)", async () => {
    const { other } = setUp();
    await Promise.all([store.requestCode("telegram", sender("1")), other.requestCode("telegram", sender("2"))]);
    expect((await store.read("telegram")).pending.map((entry) => entry.senderId).sort()).toEqual(["1", "2"]);
  });

  it("approves a code once when two processes approve it at the same time", async () => {
    const { other } = setUp();
    const request = await store.requestCode("telegram", sender("1"));
    if (request.type !== "code") throw new Error("no code");
    const results = await Promise.all([
      store.approve("telegram", request.code),
      other.approve("telegram", request.code),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect((await store.read("telegram")).approved.map((entry) => entry.senderId)).toEqual(["1"]);
  });

  it("revokes an approved sender by id or by @username, and lists the channels with pairings", async () => {
    const { other } = setUp();
    for (const id of ["1", "2"]) {
      const request = await store.requestCode("slack", sender(id));
      if (request.type === "code") await store.approve("slack", request.code);
    }
    await store.requestCode("telegram", sender("3"));
    expect(await other.revoke("slack", "@USER1")).toMatchObject({ senderId: "1" });
    expect(await other.revoke("slack", "2")).toMatchObject({ senderId: "2" });
    expect(await other.revoke("slack", "2")).toBeUndefined();
    expect(await store.isApproved("slack", "1")).toBe(false);
    const listing = await store.list();
    expect(listing.get("telegram")?.pending.map((entry) => entry.senderId)).toEqual(["3"]);
  });

  it("refuses channel names that are not plain names", async () => {
    setUp();
    await expect(store.approve("../etc", "ABCDEFGH")).rejects.toThrow(/not a channel name/);
  });
}
