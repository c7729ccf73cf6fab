import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { PairingFiles } from "../../src/access/pairing-store.js";
import { run as approve } from "../../src/commands/pairing-approve.js";
import { run as list } from "../../src/commands/pairing-list.js";
import { run as revoke } from "../../src/commands/pairing-revoke.js";
import type { CommandIo } from "../../src/commands/pairing-shared.js";
import { temporaryHome } from "../access/helpers.js";

describe("skein pairing list / approve", () => {
  let home: string;
  let remove: () => Promise<void>;
  let out: string;
  let err: string;
  let io: CommandIo;
  const now = Date.UTC(2026, 10, 22, 7, 0, 0);
  beforeEach(async () => {
    ({ home, remove } = await temporaryHome());
    out = "";
    err = "";
    io = {
      stdout: (text) => {
        out += text;
      },
      stderr: (text) => {
        err += text;
      },
      env: { SKEIN_HOME: home },
      cwd: home,
      now: () => now,
    };
  });
  afterEach(() => remove());

  async function pendingCode(senderId: string, createdAt = now - 5 * 60_000): Promise<string> {
    const request = await new PairingFiles({ home, now: () => createdAt }).requestCode("telegram", {
      senderId,
      chatId: senderId,
      senderUsername: "alice",
      senderName: "Alice",
    });
    if (request.type !== "code") throw new Error("no code");
    return request.code;
  }

  it("lists pending codes with channel, sender and age", async () => {
    const code = await pendingCode("7");
    expect(await list({}, io)).toBe(0);
    expect(out).toContain(`telegram  ${code}  7 (@alice, Alice)  5 minutes ago`);
    expect(out).toContain("No approved senders.");
  });

  it("approves a code, after which the sender is listed as approved", async () => {
    const code = await pendingCode("7");
    expect(await approve({ args: ["telegram", code] }, io)).toBe(0);
    expect(out).toContain("Approved 7 (@alice, Alice) on telegram");
    out = "";
    await list({}, io);
    expect(out).toContain("No pending pairing codes.");
    expect(out).toMatch(/Approved senders:\n {2}telegram {2}7 \(@alice, Alice\) {2}approved 2026-11-22T07:00:00/);
  });

  it("fails clearly on an unknown or expired code", async () => {
    const expired = await pendingCode("7", now - 61 * 60_000);
    expect(await approve({ args: ["telegram", expired] }, io)).toBe(1);
    expect(err).toContain(`no pending pairing code "${expired}" on channel "telegram"`);
    expect(await approve({ args: ["telegram", "ZZZZZZZZ"] }, io)).toBe(1);
  });

  it("explains its usage when the code is missing", async () => {
    expect(await approve({ args: ["telegram"] }, io)).toBe(2);
    expect(err).toContain("usage: skein pairing approve <channel> <code>");
  });

  it("fails clearly when the --config file cannot be read", async () => {
    expect(await list({ config: `${home}/missing.json` }, io)).toBe(1);
    expect(err).toContain("cannot read config file");
  });

  it("says so when the code was already approved", async () => {
    const code = await pendingCode("7");
    expect(await approve({ args: ["telegram", code] }, io)).toBe(0);
    out = "";
    expect(await approve({ args: ["telegram", code.toLowerCase()] }, io)).toBe(0);
    expect(out).toBe(
      `Code ${code.toLowerCase()} was already approved: 7 (@alice, Alice) can talk to the bot on telegram.\n`,
    );
  });

  it("refuses a misspelt channel name, suggesting the right one", async () => {
    const code = await pendingCode("7");
    expect(await approve({ args: ["telegarm", code] }, io)).toBe(2);
    expect(err).toContain(
      'unknown channel "telegarm" (did you mean "telegram"?); the channels are telegram, slack, discord',
    );
    expect(await revoke({ args: ["slak", "7"] }, io)).toBe(2);
  });

  it("revokes an approved sender by id or @username, after which they need a new code", async () => {
    await approve({ args: ["telegram", await pendingCode("7")] }, io);
    expect(await revoke({ args: ["telegram", "@Alice"] }, io)).toBe(0);
    expect(out).toContain("Revoked 7 (@alice, Alice) on telegram");
    expect(await new PairingFiles({ home }).isApproved("telegram", "7")).toBe(false);
    expect(await revoke({ args: ["telegram", "7"] }, io)).toBe(1);
    expect(err).toContain("7 is not an approved sender on telegram");
  });
});
