import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FakeSlack } from "../../fakes/fake-slack.js";
import { type SlackHarness, slackHarness } from "./harness.js";

let fake: FakeSlack;
let harness: SlackHarness;

beforeEach(async () => {
  fake = await FakeSlack.start();
  harness = await slackHarness(fake, { app_token: "xapp-good", signing_secret: undefined });
  await harness.channel.start(new AbortController().signal);
});

afterEach(async () => {
  await harness.close();
  await fake.close();
});

const reconnected = (attempt?: number) =>
  harness.logs.waitFor(
    (line) => line.msg === "Slack Socket Mode reconnected" && (attempt === undefined || line.attempt === attempt),
  );

describe("the Slack channel in Socket Mode", () => {
  it("connects through apps.connections.open with the app token, without a public port", () => {
    expect(fake.calls.filter((call) => call.method === "apps.connections.open").map((call) => call.token)).toEqual([
      "xapp-good",
    ]);
    expect(harness.channel.port).toBeUndefined();
    expect(harness.channel.status()).toMatchObject({ state: "connected", account: "@skein" });
  });

  it("acknowledges each envelope and turns a mention and its duplicate message event into one message", async () => {
    const ts = fake.nextTs();
    const mention = fake.sendSocketEvent({
      type: "app_mention",
      user: "UALICE",
      text: "<@UBOT> hi",
      ts,
      channel: "C1",
    });
    const duplicate = fake.sendSocketEvent({
      type: "message",
      channel_type: "channel",
      user: "UALICE",
      text: "<@UBOT> hi",
      ts,
      channel: "C1",
    });

    await Promise.all([fake.waitForAck(mention), fake.waitForAck(duplicate)]);
    const message = await harness.nthInbound(1);
    expect(await harness.ignored(ts)).toBe("duplicate of an app_mention");
    expect(harness.inbound).toHaveLength(1);
    expect(message).toMatchObject({ chatId: "C1", text: "hi", threadId: ts, mentioned: true, isDirect: false });
  });

  it("recovers from Slack's disconnect message through a new apps.connections.open", async () => {
    fake.sendSocketDisconnect();

    await harness.logs.waitFor((line) => line.msg === "Slack Socket Mode connection closed; reconnecting");
    await reconnected();
    expect(fake.callsTo("apps.connections.open")).toHaveLength(2);
    expect(harness.channel.status().state).toBe("connected");

    const ts = fake.nextTs();
    fake.sendSocketEvent({
      type: "message",
      channel_type: "im",
      user: "UALICE",
      text: "still there?",
      ts,
      channel: "D1",
    });
    expect((await harness.nthInbound(1)).text).toBe("still there?");
  });

  it("shows as disconnected, with the reason, while reconnecting fails, and connects again when it can", async () => {
    fake.invalidTokens.add("xapp-good");
    fake.sendSocketDisconnect();

    await harness.logs.waitFor((line) => line.msg === "Slack Socket Mode reconnect failed");
    const status = harness.channel.status();
    expect(status.state).toBe("disconnected");
    expect(status.detail).toContain("invalid_auth");

    fake.invalidTokens.delete("xapp-good");
    await reconnected();
    expect(harness.channel.status().state).toBe("connected");
  });
});
