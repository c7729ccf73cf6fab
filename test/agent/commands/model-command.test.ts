import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SessionSettingsFile } from "../../../src/agent/sessions/session-settings.js";
import type { InboundMessage } from "../../../src/bus/messages.js";
import { configSchema } from "../../../src/config/schema.js";
import { createSenderPermission } from "../../../src/gates/sender-permission.js";
import { type Harness, startHarness } from "../harness.js";

describe("/model", () => {
  let harness: Harness;
  let stateDir: string;
  beforeEach(async () => {
    stateDir = await mkdtemp(join(tmpdir(), "skein-model-"));
  });
  afterEach(async () => {
    await harness?.close();
    await rm(stateDir, { recursive: true, force: true });
  });

  /** A harness whose conversation settings live in `stateDir` (so they outlive it) and whose owner is `ada`. */
  const start = (agent: Record<string, unknown> = {}) =>
    startHarness({
      agent: { model: "small", fallbacks: ["backup/tiny"], ...agent },
      loop: ({ log }) => ({
        settings: new SessionSettingsFile({ path: join(stateDir, "session-settings.json"), log }),
        mayConfigure: (message) => message.senderId === "ada",
      }),
    });

  const modelsAsked = () => harness.fake.requests.map((request) => request.body.model);

  it("shows the current model and the choices: the default model and its fallbacks", async () => {
    harness = await start();
    const outcome = await harness.ask("/model");
    expect(outcome.status).toBe("command");
    expect(outcome.reply).toBe(
      [
        "Model: small (the default)",
        "Available: small, backup/tiny",
        "Switch with /model <name>; /model default goes back to the default.",
      ].join("\n"),
    );
    expect(harness.fake.requests).toHaveLength(0);
  });

  it("switches this conversation's model, keeps it across a restart, and resets it with /model default", async () => {
    harness = await start({ models: ["small", "large"] });
    expect((await harness.ask("/model large", { senderId: "ada" })).reply).toBe("This conversation now uses large.");
    await harness.ask("hello", { senderId: "ada" });
    await harness.ask("other chat", { senderId: "ada", chatId: "elsewhere" });
    expect(modelsAsked()).toEqual(["large", "small"]);

    await harness.close();
    harness = await start({ models: ["small", "large"] });
    await harness.ask("after the restart", { senderId: "ada" });
    expect(modelsAsked()).toEqual(["large"]);
    expect((await harness.ask("/model", { senderId: "ada" })).reply).toContain("Model: large\n");

    expect((await harness.ask("/model default", { senderId: "ada" })).reply).toBe(
      "This conversation uses the default model again (small).",
    );
    await harness.ask("back to normal", { senderId: "ada" });
    expect(modelsAsked()).toEqual(["large", "small"]);
  });

  it("refuses a switch from a sender who may not configure, and a model the operator does not offer", async () => {
    harness = await start();
    expect((await harness.ask("/model backup/tiny", { senderId: "stranger" })).reply).toBe(
      "Sorry — only allowed senders can switch the model here.",
    );
    expect((await harness.ask("/model gpt-9", { senderId: "ada" })).reply).toBe(
      'There is no model "gpt-9" here. Choose one of: small, backup/tiny.',
    );
    await harness.ask("hello", { senderId: "stranger" });
    expect(modelsAsked()).toEqual(["small"]);
  });

  it("falls back to the default when the stored choice is no longer offered", async () => {
    harness = await start({ models: ["small", "large"] });
    await harness.ask("/model large", { senderId: "ada" });
    await harness.close();
    harness = await start({ models: ["small"] });
    await harness.ask("hello", { senderId: "ada" });
    expect(modelsAsked()).toEqual(["small"]);
  });
});

describe("who may switch a conversation's model", () => {
  const config = configSchema.parse({
    channels: { telegram: { token: "1:a", allow_from: ["@ada", "-100123"] }, slack: { allow_from: ["*"] } },
  });
  const approved = new Set(["telegram:paired"]);
  const mayConfigure = createSenderPermission({
    config,
    pairings: { isApproved: async (channel, senderId) => approved.has(`${channel}:${senderId}`) },
  });
  const message = (extra: Partial<InboundMessage>): InboundMessage => ({
    id: "1",
    channel: "telegram",
    chatId: "-100123",
    senderId: "42",
    text: "/model x",
    isDirect: false,
    receivedAt: 0,
    ...extra,
  });

  it("is a sender the allow list names, or one approved by pairing", async () => {
    expect(await mayConfigure(message({ senderUsername: "ada" }))).toBe(true);
    expect(await mayConfigure(message({ senderId: "paired" }))).toBe(true);
  });

  it("is not anyone let into a group only because the group's chat id is allowed", async () => {
    expect(await mayConfigure(message({ senderId: "77", senderUsername: "mallory" }))).toBe(false);
  });

  it("is everyone where the allow list is '*', and on a channel without access settings (the terminal)", async () => {
    expect(await mayConfigure(message({ channel: "slack", senderId: "U1" }))).toBe(true);
    expect(await mayConfigure(message({ channel: "cli", senderId: "me" }))).toBe(true);
  });
});
