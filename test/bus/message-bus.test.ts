import { describe, expect, it } from "vitest";
import { BusError } from "../../src/bus/bus-error.js";
import { MessageBus } from "../../src/bus/message-bus.js";
import type { InboundMessage, OutboundMessage } from "../../src/bus/messages.js";
import { sessionKeyOf } from "../../src/bus/messages.js";

const outbound = (channel: string, chatId: string, text: string): OutboundMessage => ({ channel, chatId, text });

describe("the message bus", () => {
  it("delivers inbound messages to subscribers until they unsubscribe", () => {
    const bus = new MessageBus();
    const seen: string[] = [];
    const unsubscribe = bus.onInbound((message) => seen.push(message.text));
    const message: InboundMessage = {
      id: "1",
      channel: "cli",
      chatId: "c",
      senderId: "s",
      text: "hello",
      isDirect: true,
      receivedAt: 0,
    };
    bus.publishInbound(message);
    unsubscribe();
    bus.publishInbound({ ...message, text: "unheard" });
    expect(seen).toEqual(["hello"]);
  });

  it("routes outbound messages to the channel registered under their name", async () => {
    const bus = new MessageBus();
    const telegram: string[] = [];
    const slack: string[] = [];
    bus.registerChannel("telegram", async (message) => void telegram.push(message.text));
    bus.registerChannel("slack", async (message) => ({
      channel: "slack",
      chatId: message.chatId,
      messageIds: ["ts1"],
    }));
    await bus.publishOutbound(outbound("telegram", "1", "to telegram"));
    expect(await bus.publishOutbound(outbound("slack", "C1", "to slack"))).toEqual({
      channel: "slack",
      chatId: "C1",
      messageIds: ["ts1"],
    });
    expect(telegram).toEqual(["to telegram"]);
    expect(slack).toEqual([]);
    expect(bus.runningChannels()).toEqual(["slack", "telegram"]);
  });

  it("rejects a message for a channel that is not running, naming the running ones", async () => {
    const bus = new MessageBus();
    bus.registerChannel("telegram", async () => undefined);
    const error = await bus.publishOutbound(outbound("discord", "1", "hi")).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BusError);
    expect(error).toMatchObject({
      kind: "channel-not-running",
      message: 'channel "discord" is not running (running: telegram)',
    });
  });

  it("stops routing to a channel once it unregisters", async () => {
    const bus = new MessageBus();
    const unregister = bus.registerChannel("cli", async () => undefined);
    unregister();
    expect(bus.hasChannel("cli")).toBe(false);
    await expect(bus.publishOutbound(outbound("cli", "1", "hi"))).rejects.toMatchObject({
      kind: "channel-not-running",
    });
  });

  it("keeps one chat's messages in order even when an earlier one takes longer to deliver", async () => {
    const bus = new MessageBus();
    const delivered: string[] = [];
    let releaseFirst!: () => void;
    const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
    bus.registerChannel("t", async (message) => {
      if (message.text === "first") await firstHeld;
      delivered.push(`${message.chatId}:${message.text}`);
      return undefined;
    });
    const first = bus.publishOutbound(outbound("t", "a", "first"));
    const second = bus.publishOutbound(outbound("t", "a", "second"));
    await bus.publishOutbound(outbound("t", "b", "other chat"));
    expect(delivered).toEqual(["b:other chat"]);
    releaseFirst();
    await Promise.all([first, second]);
    expect(delivered).toEqual(["b:other chat", "a:first", "a:second"]);
  });

  it("reports a failed delivery to the sender and to delivery-failed listeners, and goes on with the next", async () => {
    const bus = new MessageBus();
    const failures: string[] = [];
    bus.onDeliveryFailed((message, error) => failures.push(`${message.text}: ${(error as Error).message}`));
    bus.registerChannel("t", async (message) => {
      if (message.text === "bad") throw new Error("chat not found");
      return undefined;
    });
    await expect(bus.publishOutbound(outbound("t", "a", "bad"))).rejects.toThrow("chat not found");
    await bus.publishOutbound(outbound("t", "a", "good"));
    expect(failures).toEqual(["bad: chat not found"]);
  });

  it("drains: waits until every queued delivery is done", async () => {
    const bus = new MessageBus();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const delivered: string[] = [];
    bus.registerChannel("t", async (message) => {
      await held;
      delivered.push(message.text);
      return undefined;
    });
    void bus.publishOutbound(outbound("t", "a", "one"));
    void bus.publishOutbound(outbound("t", "b", "two"));
    const drained = bus.drain().then(() => [...delivered]);
    release();
    expect((await drained).sort()).toEqual(["one", "two"]);
  });

  it("once closed, refuses inbound messages (so the channel does not acknowledge them) and outbound ones", async () => {
    const bus = new MessageBus();
    const seen: string[] = [];
    bus.onInbound((message) => seen.push(message.text));
    bus.registerChannel("t", async () => undefined);
    await bus.close();
    const late = { id: "1", channel: "t", chatId: "c", senderId: "s", text: "late", isDirect: true, receivedAt: 0 };
    await expect(bus.publishInbound(late)).rejects.toMatchObject({ kind: "intake-closed" });
    expect(seen).toEqual([]);
    await expect(bus.publishOutbound(outbound("t", "c", "x"))).rejects.toMatchObject({ kind: "bus-closed" });
  });
});

describe("session keys", () => {
  it("are channel:chatId, plus :threadId when there is a thread", () => {
    expect(sessionKeyOf({ channel: "telegram", chatId: "-100" })).toBe("telegram:-100");
    expect(sessionKeyOf({ channel: "slack", chatId: "C1", threadId: "1712.5" })).toBe("slack:C1:1712.5");
  });
});
