import { afterEach, describe, expect, it } from "vitest";
import { startDiscordHarness, type DiscordHarness } from "./discord-harness.js";
import { ALICE, BOT, DM_CHANNEL_ID } from "../fakes/fake-discord.js";

let harness: DiscordHarness | undefined;
afterEach(async () => harness?.close());

describe("smoke", () => {
  it("receives a DM and replies", async () => {
    harness = await startDiscordHarness();
    const next = harness.nextInbound();
    harness.fake.dm("hello");
    const inbound = await next;
    expect(inbound).toMatchObject({ channel: "discord", chatId: DM_CHANNEL_ID, senderId: ALICE.id, text: "hello", isDirect: true });
    await harness.bus.publishOutbound({ channel: "discord", chatId: inbound.chatId, text: "hi back" });
    expect(harness.fake.sent.map((m) => m.body.content)).toEqual(["hi back"]);
    void BOT;
  });
});
