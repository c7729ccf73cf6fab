import { describe, expect, it } from "vitest";
import {
  decideEvent,
  mentionedUserIds,
  parseSlackMessageId,
  readableSlackText,
  type SlackMessageEvent,
  slackMessageId,
} from "../../../channels/slack/inbound.js";

const context = { botUserId: "UBOT", botId: "BBOT", groupPolicy: "mention" as const };
const event = (fields: Partial<SlackMessageEvent>): SlackMessageEvent => ({
  type: "message",
  user: "UALICE",
  text: "hi",
  ts: "1700000000.000100",
  channel: "C1",
  channel_type: "channel",
  ...fields,
});

describe("Slack events decided", () => {
  it("makes a channel mention a mentioned message in the thread of the mention", () => {
    expect(decideEvent(event({ type: "app_mention", channel_type: undefined }), context)).toMatchObject({
      type: "accept",
      isDirect: false,
      mentioned: true,
      threadId: "1700000000.000100",
    });
  });

  it("keeps a mention inside a thread in that thread", () => {
    expect(decideEvent(event({ type: "app_mention", thread_ts: "1699999999.000001" }), context)).toMatchObject({
      threadId: "1699999999.000001",
    });
  });

  it("makes a DM direct, threaded only when the DM is in a thread", () => {
    const plain = decideEvent(event({ channel: "D1", channel_type: "im" }), context);
    const threaded = decideEvent(event({ channel: "D1", channel_type: "im", thread_ts: "1699999999.000001" }), context);
    expect(plain).toMatchObject({ type: "accept", isDirect: true, chatId: "D1" });
    expect(plain).not.toHaveProperty("threadId");
    expect(threaded).toMatchObject({ threadId: "1699999999.000001" });
  });

  it("leaves the message event of a mention to app_mention", () => {
    expect(decideEvent(event({ text: "<@UBOT> hi" }), context)).toEqual({
      type: "ignore",
      reason: "duplicate of an app_mention",
    });
  });

  it("passes channel messages without a mention only when the group policy is open", () => {
    expect(decideEvent(event({}), context)).toMatchObject({ type: "ignore" });
    expect(decideEvent(event({}), { ...context, groupPolicy: "open" })).toMatchObject({
      type: "accept",
      mentioned: false,
      isDirect: false,
    });
  });

  it.each([
    [{ bot_id: "BOTHER" }],
    [{ subtype: "bot_message", user: undefined }],
    [{ user: "UBOT" }],
    [{ subtype: "message_changed" }],
    [{ subtype: "message_deleted" }],
    [{ subtype: "channel_join" }],
  ])("ignores %j", (fields) => {
    expect(decideEvent(event({ channel_type: "im", ...fields }), context).type).toBe("ignore");
  });

  it("gives the mention and its duplicate the same message id, which can be read back", () => {
    const id = slackMessageId("C1", "1700000000.000100");
    expect(id).toBe("slack:C1:1700000000.000100");
    expect(parseSlackMessageId(id)).toEqual({ channel: "C1", ts: "1700000000.000100" });
    expect(parseSlackMessageId("telegram:5")).toBeUndefined();
  });
});

describe("Slack text made readable", () => {
  const options = { botUserId: "UBOT", userNames: new Map([["UALICE", "Alice"]]) };

  it("strips the bot's own mention", () => {
    expect(readableSlackText("<@UBOT> summarise this", options)).toBe("summarise this");
    expect(readableSlackText("<@UBOT>: summarise this", options)).toBe("summarise this");
    expect(readableSlackText("hey <@UBOT|skein>, go", options)).toBe("hey, go");
  });

  it("shows users by name when known, by label or id otherwise", () => {
    expect(readableSlackText("ask <@UALICE>, <@UBOB|bob> or <@UCAROL>", options)).toBe("ask @Alice, @bob or @UCAROL");
  });

  it("shows channels, specials, links and escapes readably", () => {
    expect(
      readableSlackText(
        "in <#C1|general> and <#C2>, <!here>: <https://a.io|docs> <mailto:x@y.z|x@y.z> <https://b.io> a &lt;b&gt; &amp;",
        options,
      ),
    ).toBe("in #general and #C2, @here: docs (https://a.io) mailto:x@y.z https://b.io a <b> &");
  });

  it("lists mentioned users once each", () => {
    expect(mentionedUserIds("<@U1> <@U2|two> <@U1>")).toEqual(["U1", "U2"]);
  });
});
