import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { configSchema } from "../../../src/config/schema.js";
import { messageTargetRule } from "../../../src/tools/builtin/message-targets.js";

let home: string;
beforeEach(async () => {
  home = await mkdtemp(path.join(tmpdir(), "skein-targets-"));
});
afterEach(() => rm(home, { recursive: true, force: true }));

const current = { channel: "telegram", chatId: "42" };
const config = configSchema.parse({ channels: { telegram: { allow_from: ["42", "43"] } } });

describe("the message tool's targets", () => {
  it("refuses, by default, a chat the bot does not know, naming the rule", async () => {
    const rule = messageTargetRule({ mode: "known", config, home });
    await expect(rule({ channel: "telegram", chatId: "999" }, current)).resolves.toMatch(
      /tools\.message\.targets is "known"/,
    );
    await expect(rule({ channel: "slack", chatId: "CRANDOM" }, current)).resolves.toMatch(/not a chat the bot knows/);
  });

  it("allows the current chat, an allowed sender's chat and a Slack channel the bot was mentioned in", async () => {
    const rule = messageTargetRule({
      mode: "known",
      config,
      home,
      hasConversation: async ({ channel, chatId }) => channel === "slack" && chatId === "C1",
    });
    await expect(rule(current, current)).resolves.toBeUndefined();
    await expect(rule({ channel: "telegram", chatId: "43" }, current)).resolves.toBeUndefined();
    await expect(rule({ channel: "slack", chatId: "C1" }, current)).resolves.toBeUndefined();
    await expect(rule({ channel: "slack", chatId: "C" }, current)).resolves.toBeDefined();
  });

  it('allows any chat when tools.message.targets is "any"', async () => {
    const rule = messageTargetRule({ mode: "any", config, home });
    await expect(rule({ channel: "telegram", chatId: "999" }, current)).resolves.toBeUndefined();
  });
});
