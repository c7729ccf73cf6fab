import { mkdtemp, rm, truncate, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MessageBus } from "../../../src/bus/message-bus.js";
import type { OutboundMessage } from "../../../src/bus/messages.js";
import { messageTool } from "../../../src/tools/builtin/message.js";
import { makeContext, runTool } from "./tool-harness.js";

describe("message", () => {
  it("sends from one channel's session to a chat on another registered channel through the bus", async () => {
    const bus = new MessageBus();
    const slackInbox: OutboundMessage[] = [];
    bus.registerChannel("telegram", async () => undefined);
    bus.registerChannel("slack", async (message) => {
      slackInbox.push(message);
      return { channel: "slack", chatId: message.chatId, messageIds: ["1700000000.000100"] };
    });
    const ctx = makeContext({ channel: "telegram", chatId: "42", bus });

    const result = await runTool(
      messageTool(),
      { channel: "slack", chat_id: "C024BE91L", content: "Build done ✅", thread_id: "1699.01" },
      ctx,
    );

    expect(result).toEqual({ status: "sent", channel: "slack", chat_id: "C024BE91L", content_length: 12 });
    expect(slackInbox).toEqual([{ channel: "slack", chatId: "C024BE91L", text: "Build done ✅", threadId: "1699.01" }]);
    expect(ctx.deliveries).toEqual([{ channel: "slack", chatId: "C024BE91L" }]);
    expect(ctx.notifications).toEqual([]);
  });

  it("answers queued when delivery takes longer than it waits, and reports a later failure back", async () => {
    const bus = new MessageBus();
    let fail: (error: Error) => void = () => {};
    bus.registerChannel(
      "discord",
      () =>
        new Promise<undefined>((_, reject) => {
          fail = reject;
        }),
    );
    const ctx = makeContext({ bus });
    await expect(
      runTool(
        messageTool(undefined, { deliveryWaitMs: 50 }),
        { channel: "discord", chat_id: "d1", content: "hi" },
        ctx,
      ),
    ).resolves.toMatchObject({ status: "queued" });
    fail(new Error("rate limited for an hour"));
    expect(await ctx.nextNotification()).toMatchObject({
      isError: true,
      forLlm: {
        error: expect.stringContaining("rate limited for an hour. Delivered: nothing. Not delivered: the text"),
      },
    });
  });

  it("refuses a channel that is not running and lists the running ones", async () => {
    const bus = new MessageBus();
    bus.registerChannel("telegram", async () => undefined);
    bus.registerChannel("cli", async () => undefined);
    const ctx = makeContext({ bus });
    await expect(runTool(messageTool(), { channel: "slack", chat_id: "C1", content: "hi" }, ctx)).rejects.toMatchObject(
      {
        kind: "ExecutionFailed",
        message: expect.stringContaining("running channels: cli, telegram"),
        data: { running_channels: ["cli", "telegram"] },
      },
    );
    expect(ctx.deliveries).toEqual([]);
  });

  it("is a tool error, saying nothing was delivered, when the channel fails the send", async () => {
    const bus = new MessageBus();
    bus.registerChannel("slack", async () => {
      throw new Error("channel_not_found");
    });
    const ctx = makeContext({ channel: "telegram", chatId: "42", bus });
    await expect(
      runTool(messageTool(), { channel: "slack", chat_id: "C404", content: "hello" }, ctx),
    ).rejects.toMatchObject({
      kind: "ExecutionFailed",
      message: "delivery to slack chat C404 failed: channel_not_found. Delivered: nothing. Not delivered: the text.",
    });
    expect(ctx.notifications).toEqual([]);
  });

  it("is side-effecting", () => {
    expect(messageTool().safety).toBe("side-effecting");
  });
});

describe("message with files", () => {
  it("refuses a file over the platform's limit, and one outside the workspace, before sending anything", async () => {
    const workspace = await mkdtemp(join(tmpdir(), "skein-message-files-"));
    try {
      await writeFile(join(workspace, "big.zip"), "");
      await truncate(join(workspace, "big.zip"), 11 * 1024 * 1024);
      const bus = new MessageBus();
      const sent: OutboundMessage[] = [];
      bus.registerChannel("discord", async (message) => {
        sent.push(message);
        return undefined;
      });
      const ctx = makeContext({ bus });
      const tool = messageTool(undefined, { workspace });

      await expect(
        runTool(tool, { channel: "discord", chat_id: "d1", content: "here", files: ["big.zip"] }, ctx),
      ).rejects.toMatchObject({
        kind: "ExecutionFailed",
        message: expect.stringContaining("discord takes files of at most 10485760 bytes"),
      });
      await expect(
        runTool(tool, { channel: "discord", chat_id: "d1", content: "here", files: ["/etc/passwd"] }, ctx),
      ).rejects.toMatchObject({ kind: "InvalidPath" });
      await bus.drain();
      expect(sent).toEqual([]);
    } finally {
      await rm(workspace, { recursive: true, force: true });
    }
  });

  it("says which parts got through when the text is delivered and a file is not", async () => {
    const workspace = await mkdtemp(join(tmpdir(), "skein-message-files-"));
    try {
      await writeFile(join(workspace, "chart.png"), "PNG");
      await writeFile(join(workspace, "data.csv"), "a,b");
      const bus = new MessageBus();
      bus.registerChannel("telegram", async (_message, options) => {
        await options?.onChunkDelivered?.(0, 1);
        options?.onFileDelivered?.("chart.png");
        throw new Error("Bad Request: file is too big");
      });
      const ctx = makeContext({ bus });
      const tool = messageTool(undefined, { workspace });

      await expect(
        runTool(tool, { channel: "telegram", chat_id: "1", content: "here", files: ["chart.png", "data.csv"] }, ctx),
      ).rejects.toMatchObject({
        message:
          "delivery to telegram chat 1 failed: Bad Request: file is too big. Delivered: the text, chart.png. Not delivered: data.csv.",
        data: {
          delivered: { text_parts: 1, files: ["chart.png"] },
          not_delivered: { text: false, files: ["data.csv"] },
        },
      });
    } finally {
      await rm(workspace, { recursive: true, force: true });
    }
  });
});
