import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { PairingFiles } from "../../src/access/pairing-store.js";
import { temporaryHome } from "./helpers.js";
import { pairingStoreContract } from "./pairing-store-contract.js";

describe("the pairing store", () => {
  let home: string;
  let remove: () => Promise<void>;
  let now: number;
  let store: PairingFiles;
  beforeEach(async () => {
    ({ home, remove } = await temporaryHome());
    now = 1_000_000;
    store = new PairingFiles({ home, now: () => now });
  });
  afterEach(() => remove());

  const sender = (id: string) => ({ senderId: id, chatId: id, senderUsername: `user${id}` });

  pairingStoreContract(() => ({
    store,
    other: new PairingFiles({ home, now: () => now }),
    advance: (ms) => {
      now += ms;
    },
    now: () => now,
  }));

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
});
