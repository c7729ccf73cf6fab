import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { buildToolContext } from "../../../src/agent/turn/tool-context.js";
import { MessageBus } from "../../../src/bus/message-bus.js";
import type { InboundMessage, OutboundMessage } from "../../../src/bus/messages.js";
import { chatKeyOf } from "../../../src/bus/messages.js";
import { toolResult } from "../../../src/tools/tool.js";

const message: InboundMessage = {
  id: "t:1",
  channel: "telegram",
  chatId: "42",
  threadId: "7",
  senderId: "u1",
  text: "hi",
  isDirect: true,
  receivedAt: 0,
};

function contextOn(bus: MessageBus, deliveredTo = new Set<string>()) {
  return buildToolContext({
    sessionKey: "telegram:42",
    message,
    signal: new AbortController().signal,
    log: pino({ level: "silent" }),
    bus,
    deliveredTo,
  });
}

describe("the tool context of a turn", () => {
  it("sends through its outbound port and remembers which chats it sent to", async () => {
    const bus = new MessageBus();
    const slack: OutboundMessage[] = [];
    bus.registerChannel("slack", async (outbound) => void slack.push(outbound));
    const deliveredTo = new Set<string>();
    const context = contextOn(bus, deliveredTo);

    await context.outbound.send({ channel: "slack", chatId: "C1", text: "done" });

    expect(slack).toEqual([{ channel: "slack", chatId: "C1", text: "done" }]);
    expect(context.outbound.channels()).toEqual(["slack"]);
    expect([...deliveredTo]).toEqual([chatKeyOf({ channel: "slack", chatId: "C1" })]);
  });

  it("reports a background result back into the originating chat and thread as an internal message", () => {
    const bus = new MessageBus();
    const inbound: InboundMessage[] = [];
    bus.onInbound((received) => inbound.push(received));

    contextOn(bus).reportBack(toolResult({ exit_code: 0 }));

    expect(inbound).toHaveLength(1);
    expect(inbound[0]).toMatchObject({
      channel: "telegram",
      chatId: "42",
      threadId: "7",
      senderId: "u1",
      internal: true,
    });
    expect(inbound[0]!.text).toMatch(/background task you started has finished[\s\S]*\{"exit_code":0\}/);
  });

  it("is frozen and hands tools no way to the bus itself", () => {
    const context = contextOn(new MessageBus());
    expect(Object.isFrozen(context)).toBe(true);
    expect(Object.keys(context)).not.toContain("bus");
  });
});
