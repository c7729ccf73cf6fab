import { afterEach, describe, expect, it } from "vitest";
import { alice, aliceChat, type ChannelHarness, startChannel } from "./harness.js";

describe("the Telegram channel in webhook mode", () => {
  let harness: ChannelHarness;
  afterEach(() => harness?.close());

  /** Starts the channel with its webhook server on port 0; resolves with the public URL told to Telegram and the local one it listens on. */
  async function startWebhook() {
    const url = "https://skein.example/telegram/hook";
    harness = await startChannel({ webhook_url: url, webhook_secret: "s3cret", webhook_port: 0 });
    const { port } = await harness.log.waitFor(/receiving updates by webhook/);
    return { url, local: `http://127.0.0.1:${String(port)}/telegram/hook` };
  }

  const update = (text: string) => ({
    update_id: 5,
    message: { message_id: 9, date: 0, chat: aliceChat, from: alice, text },
  });

  it("registers its URL and secret with setWebhook instead of polling", async () => {
    const { url } = await startWebhook();
    expect(harness.fake.callsOf("setWebhook")[0]?.payload).toMatchObject({
      url,
      secret_token: "s3cret",
      allowed_updates: ["message", "callback_query"],
    });
    expect(harness.fake.callsOf("getUpdates")).toHaveLength(0);
    expect(harness.channel.status().state).toBe("connected");
  });

  it("publishes updates posted with the right secret", async () => {
    const { local } = await startWebhook();
    const next = harness.nextInbound();
    const response = await fetch(local, {
      method: "POST",
      headers: { "content-type": "application/json", "x-telegram-bot-api-secret-token": "s3cret" },
      body: JSON.stringify(update("by webhook")),
    });
    expect(response.status).toBe(200);
    expect(await next).toMatchObject({ id: `telegram:${aliceChat.id}:9`, text: "by webhook", isDirect: true });
  });

  it("refuses updates without the secret, and other paths", async () => {
    const { local } = await startWebhook();
    const forged = await fetch(local, {
      method: "POST",
      headers: { "content-type": "application/json", "x-telegram-bot-api-secret-token": "guess" },
      body: JSON.stringify(update("forged")),
    });
    expect(forged.status).toBe(401);
    expect((await fetch(new URL("/elsewhere", local), { method: "POST", body: "{}" })).status).toBe(404);
    expect(harness.inbound).toEqual([]);
  });
});
