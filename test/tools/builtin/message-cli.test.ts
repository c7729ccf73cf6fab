import { mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALICE, BOB, BOB_DM_CHANNEL_ID, DM_CHANNEL_ID, GENERAL_CHANNEL_ID } from "../../fakes/fake-discord.js";
import { World } from "../../reliability/harness.js";
import { askForTools, toolCallingResponder, toolResultsAfter } from "../../support/tool-calling-model.js";

/** Loads the newer undici (the project's own) before anything else, so its Agent holds the global dispatcher. */
const undiciFirst = { NODE_OPTIONS: `--require ${createRequire(import.meta.url).resolve("undici")}` };

/**
 * One daemon for the file: Telegram and Discord, Bob allowed beside Alice, an extra target,
 * and a newer undici holding the global dispatcher; each test counts what it sent from its start.
 */
let world: World;

beforeAll(async () => {
  world = await World.create();
  world.model.respondWith(toolCallingResponder);
  writeFileSync(
    join(world.home, "config.json"),
    JSON.stringify({ tools: { message: { targets: { mode: "known", extra: [`discord:${GENERAL_CHANNEL_ID}`] } } } }),
  );
  await world.start(["telegram", "discord"], { DISCORD_ALLOW_FROM: `${ALICE.id},${BOB.id}`, ...undiciFirst });
});

afterAll(async () => {
  await world.close();
});

/** Alice asks, on Telegram, for one `message` call; resolves with its result as the model saw it. */
async function message(args: Record<string, unknown>): Promise<Record<string, unknown>> {
  const before = world.model.requests.length;
  world.say("telegram", 0, askForTools({ name: "message", arguments: args }));
  const [result] = await toolResultsAfter(world.model, before);
  return result!;
}

describe("the message tool's targets (the built CLI)", () => {
  it("reaches an allowed Discord user who has not written yet, in the DM it opens with them", async () => {
    const sentBefore = world.discord.sent.length;
    expect(await message({ channel: "discord", chat_id: BOB.id, content: "the build is done" })).toMatchObject({
      status: "sent",
      chat_id: BOB.id,
    });
    expect(await message({ channel: "discord", chat_id: BOB.id, content: "and deployed" })).toMatchObject({
      status: "sent",
    });

    await world.discord.waitForSent(sentBefore + 2);
    const toBob = world.discord.sent.filter((sent) => sent.channelId === BOB_DM_CHANNEL_ID);
    expect(toBob.map((sent) => sent.body.content)).toEqual(["the build is done", "and deployed"]);
    expect(
      world.discord.openedDms.filter((id) => id === BOB.id),
      "the DM is opened once, then remembered",
    ).toEqual([BOB.id]);
  });

  it("sends to an extra target named beside the keyword, and refuses another chat saying how to allow it", async () => {
    const sentBefore = world.discord.sent.length;
    expect(
      await message({ channel: "discord", chat_id: GENERAL_CHANNEL_ID, content: "deploy finished" }),
    ).toMatchObject({ status: "sent" });
    const refused = await message({ channel: "telegram", chat_id: "31337", content: "deploy finished" });

    expect(world.discord.sent.slice(sentBefore).map((sent) => [sent.channelId, sent.body.content])).toEqual([
      [GENERAL_CHANNEL_ID, "deploy finished"],
    ]);
    expect(String(refused.error)).toContain(
      `tools.message.targets to {"mode":"known","extra":["discord:${GENERAL_CHANNEL_ID}","telegram:31337"]}`,
    );
    expect(world.telegram.sent.filter((sent) => sent.chat_id === 31337)).toEqual([]);
  });
});

describe("the message tool's files (the built CLI)", () => {
  function writeChart(): void {
    mkdirSync(join(world.home, "workspace", "out"), { recursive: true });
    writeFileSync(join(world.home, "workspace", "out", "chart.png"), "PNG-bytes");
  }

  it("uploads a file to Discord as files[n] with payload_json, even when a newer undici holds the global dispatcher", async () => {
    const [sentBefore, uploadsBefore] = [world.discord.sent.length, world.discord.uploads.length];
    writeChart();

    const result = await message({
      channel: "discord",
      chat_id: ALICE.id,
      content: "your chart",
      files: ["out/chart.png"],
    });

    expect(result).toMatchObject({ status: "sent", files: ["chart.png"] });
    const uploads = world.discord.uploads.slice(uploadsBefore);
    expect(uploads.map(({ channelId, name, bytes }) => [channelId, name, String(bytes)])).toEqual([
      [DM_CHANNEL_ID, "chart.png", "PNG-bytes"],
    ]);
    expect(world.discord.sent.slice(sentBefore).map((sent) => sent.body.content)).toEqual(["your chart", undefined]);
  });

  it("is a tool error saying the text was delivered and the file was not when Discord refuses the upload", async () => {
    const [sentBefore, uploadsBefore] = [world.discord.sent.length, world.discord.uploads.length];
    writeChart();
    world.discord.failNextUploads({ type: "discord-error", status: 403, code: 50013, message: "Missing Permissions" });

    const result = await message({
      channel: "discord",
      chat_id: ALICE.id,
      content: "your chart",
      files: ["out/chart.png"],
    });

    expect(String(result.error)).toMatch(
      /^execution failed: delivery to discord chat \d+ failed: .*missing permissions.*\. Delivered: the text\. Not delivered: chart\.png\.$/,
    );
    expect(world.discord.sent.slice(sentBefore).map((sent) => sent.body.content)).toEqual(["your chart"]);
    expect(world.discord.uploads.slice(uploadsBefore)).toEqual([]);
  });
});
