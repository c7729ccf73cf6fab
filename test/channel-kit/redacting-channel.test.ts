import { describe, expect, it } from "vitest";
import type { ApprovalPrompt } from "../../src/channel-kit/approval.js";
import type { Channel } from "../../src/channel-kit/channel.js";
import { redactingChannel, redactingDecisions } from "../../src/channel-kit/redacting-channel.js";
import type { ReplyStream } from "../../src/channel-kit/reply-stream.js";
import { Redactor } from "../../src/util/redactor.js";

const secret = "sk-proj-Q3xT9vLm27KpWz84";
const redactor = new Redactor([secret]);

/** A channel that records every text it is asked to show. */
function recordingChannel() {
  const shown: string[] = [];
  const stream: ReplyStream = {
    update: (text, status) => void shown.push(text, status ?? ""),
    finish: async (text) => {
      shown.push(text);
      return ["1"];
    },
    fail: async (note) => {
      shown.push(note);
      return true;
    },
    shown: Promise.resolve(),
  };
  const channel: Channel = {
    name: "fake",
    start: async () => undefined,
    stop: async () => undefined,
    status: () => ({ state: "connected", since: 0 }),
    send: async (message) => {
      shown.push(message.text, ...(message.attachments ?? []).map((file) => file.name));
      return undefined;
    },
    openStream: () => stream,
    askApproval: async (prompt) => {
      shown.push(prompt.text, prompt.summary);
      return { messageId: "7" };
    },
    settleApproval: async (_prompt, _handle, text) => void shown.push(text),
  };
  return { channel, shown };
}

describe("a channel behind the redactor", () => {
  it("shows no secret in messages, file names, streamed previews, status lines, prompts or press answers", async () => {
    const { channel, shown } = recordingChannel();
    const redacting = redactingChannel(channel, redactor);
    await redacting.send({
      channel: "fake",
      chatId: "1",
      text: `key ${secret}`,
      attachments: [{ path: "/w/a", name: `${secret}.txt`, size: 1, isImage: false }],
    });
    const stream = redacting.openStream!({ channel: "fake", chatId: "1" })!;
    stream.update(`key ${secret.slice(0, 10)}`);
    stream.update(`key ${secret}`, `running ${secret}`);
    await stream.finish(`key ${secret}`);
    const prompt: ApprovalPrompt = {
      id: "0123456789abcdef",
      channel: "fake",
      chatId: "1",
      tool: "exec_shell",
      summary: `command: echo ${secret}`,
      text: `exec_shell wants to run echo ${secret}`,
      offersConversation: true,
    };
    await redacting.askApproval!(prompt, new AbortController().signal);
    await redacting.settleApproval!(prompt, { messageId: "7" }, `Timed out: echo ${secret}`);
    const decisions = redactingDecisions({ press: () => ({ type: "decided", text: `Allowed: ${secret}` }) }, redactor);
    shown.push(
      (await decisions.press({ channel: "fake", chatId: "1", id: prompt.id, choice: "once", by: { userId: "1" } }))
        .text,
    );

    expect(shown.join("\n")).not.toContain(secret.slice(0, 8));
    expect(shown).toContain("key [redacted]");
    expect(shown).toContain("key ");
    expect(shown).toContain("[redacted].txt");
    expect(shown).toContain("Allowed: [redacted]");
  });

  it("passes every other member on to the channel", async () => {
    const { channel } = recordingChannel();
    const redacting = redactingChannel(channel, redactor);
    expect(redacting.name).toBe("fake");
    expect(redacting.status()).toEqual({ state: "connected", since: 0 });
    expect(redacting.indicateWorking).toBeUndefined();
  });
});
