import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { PairingFiles } from "../../src/access/pairing-store.js";
import type { SkeinConfigInput } from "../../src/config/schema.js";
import { createAccessGate, pairingUnavailableText } from "../../src/gates/access-gate.js";
import type { Admission } from "../../src/gates/gate.js";
import { silentLogger } from "../../src/log.js";
import { configWith, message, temporaryHome } from "../access/helpers.js";

describe("the access gate", () => {
  let home: string;
  let remove: () => Promise<void>;
  beforeEach(async () => ({ home, remove } = await temporaryHome()));
  afterEach(() => remove());

  const gate = (
    telegram: NonNullable<NonNullable<SkeinConfigInput["channels"]>["telegram"]> = {},
    extra: { now?: () => number; replyInterval?: number } = {},
  ) =>
    createAccessGate({
      config: configWith({
        channels: { telegram },
        ...(extra.replyInterval === undefined ? {} : { pairing: { reply_interval: extra.replyInterval } }),
      }),
      home,
      log: silentLogger(),
      ...(extra.now ? { now: extra.now } : {}),
    });
  const codeIn = (admission: Admission) =>
    admission.type === "reply" ? /code is ([A-Z0-9]{8})/.exec(admission.text)?.[1] : undefined;

  it("always lets the local operator's cli channel in", async () => {
    const verdict = await gate().admit(message({ channel: "cli", senderId: "operator" }));
    expect(verdict.type).toBe("admit");
  });

  it("answers with a notice, not silence, when the pairing file cannot be read, and still admits the allow list", async () => {
    await mkdir(join(home, "pairing"), { recursive: true });
    await writeFile(join(home, "pairing", "telegram.json"), "{ not json");
    const access = gate({ allow_from: ["42"] });
    expect(await access.admit(message({ senderId: "7" }))).toEqual({ type: "reply", text: pairingUnavailableText });
    expect((await access.admit(message({ senderId: "42" }))).type).toBe("admit");
    expect(await access.admit(message({ senderId: "7", isDirect: false, mentioned: true }))).toMatchObject({
      type: "ignore",
    });
  });

  it("admits a direct message from an allowed sender, by id or username", async () => {
    const access = gate({ allow_from: ["42", "@alice"] });
    expect((await access.admit(message({ senderId: "42" }))).type).toBe("admit");
    expect((await access.admit(message({ senderId: "7", senderUsername: "alice" }))).type).toBe("admit");
  });

  it("answers a stranger's direct message with a pairing code and the approve command", async () => {
    const verdict = await gate({ allow_from: ["42"] }).admit(message({ senderId: "7" }));
    expect(verdict.type).toBe("reply");
    const code = codeIn(verdict);
    expect(code).toHaveLength(8);
    expect(verdict.type === "reply" && verdict.text).toContain(`skein pairing approve telegram ${code}`);
  });

  it("gives a stranger who asks again after the reply interval the same code", async () => {
    let clock = 1_000_000;
    const access = gate({}, { now: () => clock, replyInterval: 60 });
    const first = codeIn(await access.admit(message({ senderId: "7" })));
    clock += 61_000;
    const second = codeIn(await access.admit(message({ senderId: "7" })));
    expect(second).toBe(first);
  });

  it("sends one stranger at most one pairing reply per hour by default, ignoring the DMs in between", async () => {
    let clock = 1_000_000;
    const access = gate({}, { now: () => clock });
    expect((await access.admit(message({ senderId: "7" }))).type).toBe("reply");
    for (let dm = 2; dm <= 20; dm++) expect((await access.admit(message({ senderId: "7" }))).type).toBe("ignore");
    expect((await access.admit(message({ senderId: "8" }))).type).toBe("reply");
    clock += 3_600_000;
    expect((await access.admit(message({ senderId: "7" }))).type).toBe("reply");
  });

  it("tells the fourth stranger to come back later, without a code", async () => {
    const access = gate();
    for (const id of ["1", "2", "3"]) expect(codeIn(await access.admit(message({ senderId: id })))).toBeDefined();
    const fourth = await access.admit(message({ senderId: "4" }));
    expect(fourth.type).toBe("reply");
    expect(codeIn(fourth)).toBeUndefined();
  });

  it("admits a stranger once the operator approved their code, without a restart", async () => {
    const access = gate();
    const code = codeIn(await access.admit(message({ senderId: "7" })))!;
    await new PairingFiles({ home }).approve("telegram", code);
    expect((await access.admit(message({ senderId: "7" }))).type).toBe("admit");
  });

  it("ignores strangers in groups silently, even when they mention the bot", async () => {
    const verdict = await gate({ allow_from: ["42"] }).admit(
      message({ senderId: "7", chatId: "-5", isDirect: false, mentioned: true }),
    );
    expect(verdict).toMatchObject({ type: "ignore", reason: "sender not allowed" });
  });

  it("admits group messages only when the bot is mentioned, by default", async () => {
    const access = gate({ allow_from: ["*"] });
    const group = { chatId: "-5", isDirect: false };
    expect((await access.admit(message({ ...group, mentioned: false }))).type).toBe("ignore");
    expect((await access.admit(message({ ...group, mentioned: true }))).type).toBe("admit");
  });

  it("admits every group message from allowed senders when the group policy is open", async () => {
    const access = gate({ allow_from: ["42"], group_policy: "open" });
    expect((await access.admit(message({ senderId: "42", chatId: "-5", isDirect: false }))).type).toBe("admit");
    expect((await access.admit(message({ senderId: "7", chatId: "-5", isDirect: false }))).type).toBe("ignore");
  });

  it("ignores all group messages when groups are disabled, but still answers direct messages", async () => {
    const access = gate({ allow_from: ["*"], group_policy: "disabled" });
    expect(await access.admit(message({ chatId: "-5", isDirect: false, mentioned: true }))).toMatchObject({
      type: "ignore",
    });
    expect((await access.admit(message())).type).toBe("admit");
  });

  it("lets everyone in on local channels without platform settings (a channel added in code)", async () => {
    const verdict = await gate().admit(message({ channel: "memo", senderId: "1" }));
    expect(verdict.type).toBe("admit");
  });

  it("uses the platform's settings, not the local rule, for every platform channel", async () => {
    for (const channel of ["telegram", "slack", "discord"]) {
      expect((await gate().admit(message({ channel, senderId: "1" }))).type).toBe("reply");
    }
  });
});
