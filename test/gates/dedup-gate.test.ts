import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createDedupGate } from "../../src/gates/dedup-gate.js";
import { silentLogger } from "../../src/log.js";
import { message, temporaryHome } from "../access/helpers.js";

describe("the de-duplication gate", () => {
  let home: string;
  let remove: () => Promise<void>;
  beforeEach(async () => ({ home, remove } = await temporaryHome()));
  afterEach(() => remove());

  const gate = (capacity?: number) => createDedupGate({ home, log: silentLogger(), capacity });

  it("lets a message through once and ignores its redelivery", async () => {
    const dedup = gate();
    const first = message({ id: "telegram:5:10" });
    expect((await dedup.admit(first)).type).toBe("admit");
    expect(await dedup.admit({ ...first, receivedAt: first.receivedAt + 1 })).toEqual({
      type: "ignore",
      reason: "duplicate",
    });
    expect((await dedup.admit(message({ id: "telegram:5:11" }))).type).toBe("admit");
  });

  it("keeps the same id on different channels apart", async () => {
    const dedup = gate();
    expect((await dedup.admit(message({ channel: "slack", id: "x" }))).type).toBe("admit");
    expect((await dedup.admit(message({ channel: "discord", id: "x" }))).type).toBe("admit");
  });

  it("remembers seen messages across a restart", async () => {
    await gate().admit(message({ id: "telegram:5:10" }));
    const afterRestart = gate();
    expect((await afterRestart.admit(message({ id: "telegram:5:10" }))).type).toBe("ignore");
    expect((await afterRestart.admit(message({ id: "telegram:5:12" }))).type).toBe("admit");
  });

  it("keeps its file bounded, remembering the most recent ids", async () => {
    const dedup = gate(10);
    for (let index = 0; index < 45; index++) await dedup.admit(message({ id: `m${index}` }));
    const lines = (await readFile(join(home, "state", "seen-messages.log"), "utf8")).trim().split("\n");
    expect(lines.length).toBeLessThanOrEqual(20);
    const afterRestart = gate(10);
    expect((await afterRestart.admit(message({ id: "m44" }))).type).toBe("ignore");
    expect((await afterRestart.admit(message({ id: "m35" }))).type).toBe("ignore");
    expect((await afterRestart.admit(message({ id: "m0" }))).type).toBe("admit");
  });

  it("skips unreadable lines in its file", async () => {
    await mkdir(join(home, "state"), { recursive: true });
    await writeFile(join(home, "state", "seen-messages.log"), "garbage\n\ntelegram telegram:1:2\n");
    expect((await gate().admit(message({ id: "telegram:1:2" }))).type).toBe("ignore");
  });
});
