import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { pairingAlphabet } from "../../src/access/pairing-code.js";
import { PairingStore } from "../../src/access/pairing-store.js";
import { temporaryHome } from "./helpers.js";

describe("the pairing store", () => {
  let home: string;
  let remove: () => Promise<void>;
  let now: number;
  let store: PairingStore;
  beforeEach(async () => {
    ({ home, remove } = await temporaryHome());
    now = 1_000_000;
    store = new PairingStore({ home, now: () => now });
  });
  afterEach(() => remove());

  const sender = (id: string) => ({ senderId: id, chatId: id, senderUsername: `user${id}` });

  it("hands out 8-character codes from the unambiguous alphabet", async () => {
    const request = await store.requestCode("telegram", sender("1"));
    expect(request).toMatchObject({ type: "code", isNew: true, expiresAt: now + 3_600_000 });
    if (request.type !== "code") throw new Error("no code");
    expect(request.code).toHaveLength(8);
    for (const character of request.code) expect(pairingAlphabet).toContain(character);
    expect(pairingAlphabet).not.toMatch(/[01OIL]/);
  });

  it("gives the same sender their existing code when they ask again", async () => {
    const first = await store.requestCode("telegram", sender("1"));
    const second = await store.requestCode("telegram", sender("1"));
    expect(second).toMatchObject({ type: "code", isNew: false });
    expect(second.type === "code" && first.type === "code" && second.code === first.code).toBe(true);
  });

  it("keeps at most three codes pending per channel", async () => {
    for (const id of ["1", "2", "3"]) expect((await store.requestCode("telegram", sender(id))).type).toBe("code");
    expect(await store.requestCode("telegram", sender("4"))).toEqual({ type: "too-many-pending" });
    expect((await store.requestCode("slack", sender("4"))).type).toBe("code");
  });

  it("forgets codes after an hour, making room for new ones", async () => {
    const request = await store.requestCode("telegram", sender("1"));
    now += 3_600_000;
    expect((await store.read("telegram")).pending).toEqual([]);
    if (request.type !== "code") throw new Error("no code");
    expect(await store.approve("telegram", request.code)).toBeUndefined();
  });

  it("approves a code (typed in any case) and moves the sender to the approved list", async () => {
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
    const daemon = store;
    const request = await daemon.requestCode("telegram", sender("1"));
    if (request.type !== "code") throw new Error("no code");
    expect(await daemon.isApproved("telegram", "1")).toBe(false);
    const cli = new PairingStore({ home, now: () => now });
    await cli.approve("telegram", request.code);
    expect(await daemon.isApproved("telegram", "1")).toBe(true);
  });

  it("keeps every concurrent request (writes are serialised, none is lost)", async () => {
    const other = new PairingStore({ home, now: () => now });
    await Promise.all([store.requestCode("telegram", sender("1")), other.requestCode("telegram", sender("2"))]);
    expect((await store.read("telegram")).pending.map((entry) => entry.senderId).sort()).toEqual(["1", "2"]);
  });

  it("stores one readable JSON file per channel under $SKEIN_HOME/pairing", async () => {
    await store.requestCode("telegram", sender("1"));
    const saved = JSON.parse(await readFile(join(home, "pairing", "telegram.json"), "utf8"));
    expect(saved).toMatchObject({ pending: [{ senderId: "1", chatId: "1" }], approved: [] });
    expect([...(await store.list()).keys()]).toEqual(["telegram"]);
  });

  it("reports a corrupt file clearly instead of overwriting it", async () => {
    await store.requestCode("telegram", sender("1"));
    await writeFile(join(home, "pairing", "telegram.json"), "{ not json");
    await expect(store.isApproved("telegram", "1")).rejects.toThrow(/telegram\.json is not valid JSON/);
    await expect(store.requestCode("telegram", sender("2"))).rejects.toThrow(/not valid JSON/);
    expect(await readFile(join(home, "pairing", "telegram.json"), "utf8")).toBe("{ not json");
  });

  it("refuses channel names that are not plain names", async () => {
    await expect(store.approve("../etc", "ABCDEFGH")).rejects.toThrow(/not a channel name/);
  });
});
