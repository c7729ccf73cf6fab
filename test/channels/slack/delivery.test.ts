import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ChannelError } from "../../../src/channel-kit/channel.js";
import { REFUSED_NOTICE } from "../../../src/channel-kit/refused-send.js";
import { FakeSlack } from "../../fakes/fake-slack.js";
import { type SlackHarness, slackHarness } from "./harness.js";

let fake: FakeSlack;
let harness: SlackHarness;

beforeEach(async () => {
  fake = await FakeSlack.start();
  harness = await slackHarness(fake);
  await harness.channel.start(new AbortController().signal);
});

afterEach(async () => {
  await harness.close();
  await fake.close();
});

const reply = (text: string) =>
  harness.bus.publishOutbound({ channel: "slack", chatId: "C1", threadId: "1700000000.000100", text });

describe("replies from the Slack channel", () => {
  it("go into the thread, rendered as mrkdwn", async () => {
    const receipt = await reply("**Done**: see [the log](https://ci.example/1) & ~~ignore~~ this");

    expect(fake.callsTo("chat.postMessage")).toEqual([
      expect.objectContaining({
        channel: "C1",
        thread_ts: "1700000000.000100",
        text: "*Done*: see <https://ci.example/1|the log> &amp; ~ignore~ this",
      }),
    ]);
    expect(receipt).toMatchObject({ channel: "slack", chatId: "C1", messageIds: [expect.any(String)] });
  });

  it("split a long reply into ordered messages, each under 4,000 characters, all in the thread", async () => {
    const paragraphs = Array.from({ length: 40 }, (_, index) => `Paragraph ${index}: ${"word ".repeat(50).trim()}`);
    const receipt = await reply(paragraphs.join("\n\n"));

    const posted = fake.callsTo("chat.postMessage");
    expect(posted.length).toBeGreaterThanOrEqual(3);
    for (const call of posted) {
      expect(String(call.text).length).toBeLessThan(4_000);
      expect(call.thread_ts).toBe("1700000000.000100");
    }
    const numbers = posted.flatMap((call) =>
      [...String(call.text).matchAll(/Paragraph (\d+):/g)].map((match) => Number(match[1])),
    );
    expect(numbers).toEqual(paragraphs.map((_, index) => index));
    expect(receipt?.messageIds).toHaveLength(posted.length);
  });

  it("wait out a 429 for its Retry-After and then deliver exactly once", async () => {
    fake.script("chat.postMessage", { status: 429, retryAfter: 1 });
    const receipt = await reply("after the rate limit");

    expect(fake.callsTo("chat.postMessage")).toHaveLength(2);
    expect(receipt?.messageIds).toHaveLength(1);
    expect(harness.logs.lines).toContainEqual(
      expect.objectContaining({ msg: "Slack rate limit: waiting before retrying", retryAfterSeconds: 1 }),
    );
  });

  it("retry a server error and deliver once", async () => {
    fake.script("chat.postMessage", { status: 500 }, { status: 503 });
    const receipt = await reply("after the outage");

    expect(fake.callsTo("chat.postMessage")).toHaveLength(3);
    expect(receipt?.messageIds).toHaveLength(1);
  });

  it.each([
    ["channel_not_found", "rejected"],
    ["not_in_channel", "rejected"],
    ["invalid_auth", "auth"],
  ])("fail at once, without retrying, when Slack answers %s", async (error, kind) => {
    fake.script("chat.postMessage", { error });
    const failures: unknown[] = [];
    harness.bus.onDeliveryFailed((_message, failure) => failures.push(failure));

    const failure = await reply("lost").catch((caught: unknown) => caught);

    expect(failure).toBeInstanceOf(ChannelError);
    expect(failure).toMatchObject({ kind, retryable: false });
    expect((failure as Error).message).toContain(error);
    expect(fake.callsTo("chat.postMessage")).toHaveLength(1);
    expect(failures).toEqual([failure]);
  });

  it("are split smaller and sent again when Slack answers msg_too_long", async () => {
    fake.script("chat.postMessage", { error: "msg_too_long" });
    await reply("The first half of it. The second half of it.");
    const posted = fake.callsTo("chat.postMessage").map((call) => String(call.text));
    expect(posted).toHaveLength(3);
    expect(posted.slice(1).join(" ")).toBe("The first half of it. The second half of it.");
  });

  it("end in a short plain notice in the channel when Slack refuses one for another reason", async () => {
    fake.script("chat.postMessage", { error: "invalid_blocks" });
    await expect(reply("refused")).rejects.toBeInstanceOf(ChannelError);
    const posted = fake.callsTo("chat.postMessage");
    expect(posted).toHaveLength(2);
    expect(posted[1]).toMatchObject({ channel: "C1", text: REFUSED_NOTICE });
    expect(posted[1]!.thread_ts).toBeUndefined();
  });

  it("send nothing for an empty reply", async () => {
    await reply("   ");
    expect(fake.callsTo("chat.postMessage")).toEqual([]);
  });
});

describe("the Slack working indicator", () => {
  const trigger = {
    id: "slack:C1:1700000000.000200",
    channel: "slack",
    chatId: "C1",
    senderId: "UALICE",
    text: "hi",
    isDirect: false,
    receivedAt: 0,
  };

  it("puts :eyes: on the triggering message and takes it off when the turn ends", async () => {
    const indicator = harness.channel.indicateWorking(trigger);
    const [added] = await fake.waitForCalls("reactions.add", 1);
    expect(added).toMatchObject({ channel: "C1", timestamp: "1700000000.000200", name: "eyes" });

    indicator.end();
    indicator.end();
    const [removed] = await fake.waitForCalls("reactions.remove", 1);
    expect(removed).toMatchObject({ channel: "C1", timestamp: "1700000000.000200", name: "eyes" });
  });

  it("skips the reaction at once, without waiting, when reactions are rate limited", async () => {
    fake.script("reactions.add", { status: 429, retryAfter: 600 });
    harness.channel.indicateWorking(trigger).end();

    await harness.logs.waitFor((entry) => entry.msg === "could not add the :eyes: reaction");
    expect(fake.callsTo("reactions.add")).toHaveLength(1);
  });

  it("only logs when the reaction cannot be added, and removes nothing", async () => {
    fake.script("reactions.add", { error: "missing_scope" });
    const indicator = harness.channel.indicateWorking(trigger);
    indicator.end();

    const line = await harness.logs.waitFor((entry) => entry.msg === "could not add the :eyes: reaction");
    expect(line.level).toBe(20);
    expect(fake.callsTo("reactions.remove")).toEqual([]);
  });
});
