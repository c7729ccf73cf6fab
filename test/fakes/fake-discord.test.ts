import { Client, GatewayIntentBits, Partials, REST, Routes } from "discord.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DM_CHANNEL_ID, FakeDiscord } from "./fake-discord.js";

let fake: FakeDiscord;
let client: Client | undefined;
beforeEach(async () => {
  fake = await FakeDiscord.start();
});
afterEach(async () => {
  await client?.destroy();
  client = undefined;
  await fake.close();
});

describe("the fake Discord's uploads", () => {
  it("takes discord.js's own channel.send({files}) as Discord does: files[n] parts and payload_json", async () => {
    client = new Client({
      intents: [GatewayIntentBits.DirectMessages],
      partials: [Partials.Channel],
      rest: { api: fake.apiUrl },
    });
    await client.login("test-token");
    const channel = await client.channels.fetch(DM_CHANNEL_ID);
    if (!channel?.isSendable()) throw new Error("the DM channel is not sendable");

    await channel.send({
      content: "two files",
      files: [
        { attachment: Buffer.from("PNG-bytes"), name: "chart.png" },
        { attachment: Buffer.from("a,b\n"), name: "data.csv" },
      ],
    });

    expect(fake.sent).toHaveLength(1);
    expect(fake.sent[0]!.body).toMatchObject({
      content: "two files",
      attachments: [{ id: "0" }, { id: "1" }],
    });
    expect(fake.uploads.map(({ name, bytes }) => [name, String(bytes)])).toEqual([
      ["chart.png", "PNG-bytes"],
      ["data.csv", "a,b\n"],
    ]);
  });

  it("refuses an upload whose payload names an attachment no files[n] part carries, and an empty message", async () => {
    const rest = new REST({ api: fake.apiUrl, retries: 0 }).setToken("test-token");
    const post = (body: object, files: Array<{ name: string; data: Buffer }>) =>
      rest.post(Routes.channelMessages(DM_CHANNEL_ID), { body, files });

    await expect(
      post({ attachments: [{ id: 1, filename: "x.png" }] }, [{ name: "x.png", data: Buffer.from("x") }]),
    ).rejects.toMatchObject({ code: 50035 });
    await expect(rest.post(Routes.channelMessages(DM_CHANNEL_ID), { body: { content: "" } })).rejects.toMatchObject({
      code: 50006,
    });
    expect(fake.sent).toEqual([]);
  });
});
