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
    const rule = messageTargetRule({ targets: "known", config, home });
    await expect(rule({ channel: "telegram", chatId: "999" }, current)).resolves.toMatch(
      /tools\.message\.targets is "known"/,
    );
    await expect(rule({ channel: "slack", chatId: "CRANDOM" }, current)).resolves.toMatch(/not a chat the bot knows/);
  });

  it("allows the current chat, an allowed sender's chat and a Slack channel the bot was mentioned in", async () => {
    const rule = messageTargetRule({
      targets: "known",
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
    const rule = messageTargetRule({ targets: "any", config, home });
    await expect(rule({ channel: "telegram", chatId: "999" }, current)).resolves.toBeUndefined();
  });

  it("allows the extra targets named beside the keyword, and nothing more", async () => {
    const rule = messageTargetRule({
      targets: { mode: "known", extra: ["slack:C0123", "discord:123"] },
      config,
      home,
    });
    await expect(rule({ channel: "slack", chatId: "C0123" }, current)).resolves.toBeUndefined();
    await expect(rule({ channel: "discord", chatId: "123" }, current)).resolves.toBeUndefined();
    await expect(rule({ channel: "discord", chatId: "C0123" }, current)).resolves.toBeDefined();
    await expect(rule({ channel: "telegram", chatId: "43" }, current)).resolves.toBeUndefined();
  });

  it("tells, when it refuses, the exact setting that would allow that chat", async () => {
    const rule = messageTargetRule({ targets: { mode: "known", extra: ["slack:C0123"] }, config, home });
    const refusal = await rule({ channel: "slack", chatId: "CNOTIFY" }, current);
    expect(refusal).toContain('tools.message.targets to {"mode":"known","extra":["slack:C0123","slack:CNOTIFY"]}');
  });

  it("reads both forms of tools.message.targets from the config, the keyword one still the default", () => {
    expect(configSchema.parse({}).tools.message.targets).toBe("known");
    expect(configSchema.parse({ tools: { message: { targets: "any" } } }).tools.message.targets).toBe("any");
    expect(
      configSchema.parse({ tools: { message: { targets: { extra: ["discord:123"] } } } }).tools.message.targets,
    ).toEqual({ mode: "known", extra: ["discord:123"] });
    expect(() => configSchema.parse({ tools: { message: { targets: { extra: ["C0123"] } } } })).toThrow(
      /expected channel:chatId/,
    );
  });
});
