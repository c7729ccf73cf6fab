import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FakeSlack } from "../../fakes/fake-slack.js";
import { postSignedEvent } from "../../fakes/slack-requests.js";
import { type SlackHarness, slackHarness } from "./harness.js";

let fake: FakeSlack;
let harness: SlackHarness;
let eventsUrl: string;

beforeEach(async () => {
  fake = await FakeSlack.start({ users: { UALICE: { name: "alice", displayName: "Alice" } } });
  harness = await slackHarness(fake);
  await harness.channel.start(new AbortController().signal);
  eventsUrl = `http://127.0.0.1:${harness.channel.port}/slack/events`;
});

afterEach(async () => {
  await harness.close();
  await fake.close();
});

async function eventLoopTurns(count: number): Promise<void> {
  for (let turn = 0; turn < count; turn++) await new Promise((resolve) => setImmediate(resolve));
}

function post(event: Record<string, unknown>): Promise<Response> {
  return postSignedEvent(eventsUrl, "shh", fake.eventCallback(event));
}

describe("the Slack channel over the HTTP Events API", () => {
  it("learns who it is from auth.test and reports itself connected", () => {
    expect(fake.callsTo("auth.test")).toHaveLength(1);
    expect(harness.channel.botUserId).toBe("UBOT");
    expect(harness.channel.status().state).toBe("connected");
  });

  it("turns a channel mention into one message in the mention's thread, with its workspace (team), despite the duplicate message event", async () => {
    const ts = fake.nextTs();
    const text = "<@UBOT> what is up?";
    expect((await post({ type: "app_mention", user: "UALICE", text, ts, channel: "C1" })).status).toBe(200);
    expect(
      (await post({ type: "message", channel_type: "channel", user: "UALICE", text, ts, channel: "C1" })).status,
    ).toBe(200);

    const message = await harness.nthInbound(1);
    expect(await harness.ignored(ts)).toBe("duplicate of an app_mention");
    expect(harness.inbound).toHaveLength(1);
    expect(message).toMatchObject({
      id: `slack:C1:${ts}`,
      channel: "slack",
      chatId: "C1",
      senderId: "UALICE",
      senderName: "Alice",
      text: "what is up?",
      threadId: ts,
      teamId: "T1",
      isDirect: false,
      mentioned: true,
    });
  });

  it("keeps a thread's follow-up mention in the same session as the thread", async () => {
    const root = fake.nextTs();
    const followUp = fake.nextTs();
    await post({ type: "app_mention", user: "UALICE", text: "<@UBOT> first", ts: root, channel: "C1" });
    await post({
      type: "app_mention",
      user: "UALICE",
      text: "<@UBOT> second",
      ts: followUp,
      thread_ts: root,
      channel: "C1",
    });

    const first = await harness.nthInbound(1);
    const second = await harness.nthInbound(2);
    expect(second.threadId).toBe(first.threadId);
    expect(second.id).not.toBe(first.id);
  });

  it("passes a DM on as a direct message outside any thread", async () => {
    const ts = fake.nextTs();
    await post({ type: "message", channel_type: "im", user: "UALICE", text: "hello &lt;there&gt;", ts, channel: "D1" });

    const message = await harness.nthInbound(1);
    expect(message).toMatchObject({ chatId: "D1", isDirect: true, text: "hello <there>" });
    expect(message.threadId).toBeUndefined();
  });

  it("passes one chat's messages on in the order they came, even when a name lookup holds up the first", async () => {
    const dm = (text: string) =>
      post({ type: "message", channel_type: "im", user: "UALICE", text, ts: fake.nextTs(), channel: "D1" });
    await dm("warm up");
    await harness.nthInbound(1);
    let release!: () => void;
    fake.script("users.info", { after: new Promise<void>((resolve) => (release = resolve)) });

    await dm("first, for <@UCAROL>");
    await fake.waitForCalls("users.info", 2);
    await dm("second, for <@UDAVE>");
    await fake.waitForCalls("users.info", 3);
    // Give the second message every chance to overtake the first (it must not), then let the first through.
    await Promise.race([harness.nthInbound(2), eventLoopTurns(100)]);
    release();

    await harness.nthInbound(3);
    expect(harness.inbound.map((message) => message.text)).toEqual([
      "warm up",
      "first, for @UCAROL",
      "second, for @UDAVE",
    ]);
  });

  it("ignores bots, itself, edits and deletions", async () => {
    const events = [
      { type: "message", channel_type: "im", bot_id: "BOTHER", text: "beep", channel: "D1" },
      { type: "message", channel_type: "im", subtype: "bot_message", text: "beep", channel: "D1" },
      { type: "message", channel_type: "im", user: "UBOT", text: "my own reply", channel: "D1" },
      { type: "app_mention", user: "UOTHER", bot_id: "BOTHER", text: "<@UBOT> hi", channel: "C1" },
      { type: "message", channel_type: "im", subtype: "message_changed", message: { text: "edited" }, channel: "D1" },
      { type: "message", channel_type: "im", subtype: "message_deleted", channel: "D1" },
    ].map((event) => ({ ...event, ts: fake.nextTs() }));
    for (const event of events) await post(event);

    const reasons = await Promise.all(events.map((event) => harness.ignored(event.ts)));
    expect(reasons).toEqual([
      "written by a bot",
      "written by a bot",
      "no human sender",
      "written by a bot",
      "subtype message_changed",
      "subtype message_deleted",
    ]);
    expect(harness.inbound).toEqual([]);
  });

  it("rejects a request with a bad signature or a stale timestamp with 401 and processes nothing", async () => {
    const forged = await postSignedEvent(
      eventsUrl,
      "shh",
      fake.eventCallback({
        type: "message",
        channel_type: "im",
        user: "UALICE",
        text: "forged",
        ts: fake.nextTs(),
        channel: "D1",
      }),
      { signWith: "not-the-secret" },
    );
    const stale = await postSignedEvent(
      eventsUrl,
      "shh",
      fake.eventCallback({
        type: "message",
        channel_type: "im",
        user: "UALICE",
        text: "replayed",
        ts: fake.nextTs(),
        channel: "D1",
      }),
      { timestamp: Math.floor(Date.now() / 1000) - 600 },
    );
    expect([forged.status, stale.status]).toEqual([401, 401]);

    const ts = fake.nextTs();
    await post({ type: "message", channel_type: "im", user: "UALICE", text: "genuine", ts, channel: "D1" });
    await harness.nthInbound(1);
    expect(harness.inbound.map((message) => message.text)).toEqual(["genuine"]);
  });

  it("answers Slack's url_verification challenge", async () => {
    const response = await postSignedEvent(eventsUrl, "shh", {
      type: "url_verification",
      challenge: "c-123",
      token: "t",
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("c-123");
  });

  it("renders mentions, channels and links readably and strips its own mention", async () => {
    const ts = fake.nextTs();
    const text =
      "<@UBOT> ask <@UALICE> and <@UNOBODY> in <#C9|general> about <https://example.com|the site> &amp; <https://x.org>";
    await post({ type: "app_mention", user: "UALICE", text, ts, channel: "C1" });

    const message = await harness.nthInbound(1);
    expect(message.text).toBe(
      "ask @Alice and @UNOBODY in #general about the site (https://example.com) & https://x.org",
    );
  });
});
