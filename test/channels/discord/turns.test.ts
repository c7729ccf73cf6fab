import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { TurnOutcome } from "../../../src/agent/agent-loop.js";
import type { Channel } from "../../../src/channel-kit/channel.js";
import { createDaemon, type Daemon } from "../../../src/daemon.js";
import { PairingFiles } from "../../../src/gates/access-gate.js";
import { silentLogger } from "../../../src/log.js";
import {
  ALICE,
  BOB,
  BOT,
  DM_CHANNEL_ID,
  FakeDiscord,
  type FakeDiscordOptions,
  GENERAL_CHANNEL_ID,
  OTHER_BOT,
} from "../../fakes/fake-discord.js";
import { FakeOpenAI } from "../../fakes/fake-openai.js";

/** A daemon in this process serving a fake Discord with a fake model. */
interface Setup {
  daemon: Daemon;
  discord: FakeDiscord;
  openai: FakeOpenAI;
  home: string;
  /** Resolves with the next turn outcome. */
  nextOutcome(): Promise<TurnOutcome>;
}

let setup: Setup | undefined;
afterEach(async () => {
  if (!setup) return;
  await setup.daemon.stop();
  await setup.discord.close();
  await setup.openai.close();
  await rm(setup.home, { recursive: true, force: true });
  setup = undefined;
});

async function startDaemon(
  options: {
    token?: string;
    fake?: FakeDiscordOptions;
    channels?: Array<{ name: string; create: () => Channel }>;
    config?: Record<string, unknown>;
  } = {},
): Promise<Setup> {
  const home = await mkdtemp(join(tmpdir(), "skein-discord-turns-"));
  if (options.config) await writeFile(join(home, "config.json"), JSON.stringify(options.config));
  const discord = await FakeDiscord.start(options.fake);
  const openai = await FakeOpenAI.start();
  const daemon = createDaemon({
    ignoreDotEnv: true,
    cwd: home,
    log: silentLogger(),
    env: {
      HOME: home,
      SKEIN_HOME: home,
      OPENAI_API_KEY: "sk-test",
      OPENAI_BASE_URL: openai.baseUrl,
      DISCORD_BOT_TOKEN: options.token ?? "test-token",
      DISCORD_API_URL: discord.apiUrl,
      DISCORD_ALLOW_FROM: ALICE.id,
    },
    ...(options.channels && { channels: options.channels }),
  });
  const nextOutcome = () =>
    new Promise<TurnOutcome>((resolve) => {
      const off = daemon.onOutcome((outcome) => {
        off();
        resolve(outcome);
      });
    });
  setup = { daemon, discord, openai, home, nextOutcome };
  await daemon.start();
  return setup;
}

describe("skein on Discord, turn by turn", () => {
  it("answers a DM from an allowed user in the DM, showing typing meanwhile", async () => {
    const { discord, openai } = await startDaemon();
    discord.dm("hello bot");
    const [reply] = await discord.waitForSent(1);
    expect(reply).toMatchObject({
      channelId: DM_CHANNEL_ID,
      body: { content: expect.stringMatching(/^echo: .*hello bot/) },
    });
    expect(reply!.body.message_reference).toBeUndefined();
    expect(openai.completions).toHaveLength(1);
    expect(discord.typing).toContain(DM_CHANNEL_ID);
  });

  it("ignores a guild message that does not mention the bot, without asking the model", async () => {
    const { discord, openai, nextOutcome } = await startDaemon();
    const outcome = nextOutcome();
    discord.guildMessage("talking among ourselves");
    expect(await outcome).toMatchObject({ status: "gated" });
    expect(openai.completions).toHaveLength(0);
    expect(discord.sent).toHaveLength(0);
  });

  it("answers a guild mention as a reply to it, with the mention stripped", async () => {
    const { discord, openai } = await startDaemon();
    const id = discord.guildMessage(`<@${BOT.id}> what time is it?`, { mentions: [BOT] });
    const [reply] = await discord.waitForSent(1);
    expect(reply).toMatchObject({
      channelId: GENERAL_CHANNEL_ID,
      body: { message_reference: { message_id: id, fail_if_not_exists: false } },
    });
    const userTurn = openai.completions[0]!.body.messages.filter((message) => message.role === "user").at(-1);
    expect(userTurn?.content).toMatch(/what time is it\?/);
    expect(userTurn?.content).not.toContain(BOT.id);
  });

  it("ignores other bots, even when they mention it", async () => {
    const { discord, openai, nextOutcome } = await startDaemon();
    const outcome = nextOutcome();
    discord.guildMessage(`<@${BOT.id}> bot talk`, { author: OTHER_BOT, mentions: [BOT] });
    discord.dm("a person");
    expect((await outcome).message.text).toBe("a person");
    await discord.waitForSent(1);
    expect(openai.completions).toHaveLength(1);
  });

  it("sends a 5,000-character answer as ordered chunks of at most 2,000 characters", async () => {
    const { discord, openai } = await startDaemon();
    const long = Array.from(
      { length: 60 },
      (_, index) => `Line ${String(index).padStart(2, "0")}: ${"lorem ipsum ".repeat(6)}`,
    ).join("\n");
    const text = `${long}\n\n\`\`\`python\n${"print('x')\n".repeat(60)}\`\`\``;
    expect(text.length).toBeGreaterThan(5000);
    openai.reply({ content: text });
    discord.dm("write a lot");
    await discord.waitForSent(3);
    await setup!.daemon.idle();
    // What each message finally shows: a streamed answer's first chunk is the edited preview.
    const contents = discord.sent.map((message) => discord.shownText(message.id) ?? "");
    for (const content of contents) {
      expect(content.length).toBeLessThanOrEqual(2000);
      expect((content.match(/```/g) ?? []).length % 2).toBe(0);
    }
    const lines = contents
      .join("\n")
      .split("\n")
      .filter((line) => line.startsWith("Line "));
    expect(lines.map((line) => line.slice(5, 7))).toEqual(
      Array.from({ length: 60 }, (_, index) => String(index).padStart(2, "0")),
    );
  });

  it("gives a stranger's DM a pairing code without asking the model, and answers once approved", async () => {
    const { discord, openai, home } = await startDaemon();
    discord.dm("let me in", BOB);
    const [pairing] = await discord.waitForSent(1);
    const code = /pairing code is (\S+)/.exec(pairing!.body.content ?? "")?.[1];
    expect(code).toBeDefined();
    expect(pairing!.body.content).toContain(`skein pairing approve discord ${code}`);
    expect(openai.completions).toHaveLength(0);

    expect(await new PairingFiles({ home }).approve("discord", code!)).toMatchObject({ senderId: BOB.id });
    discord.dm("and now?", BOB);
    const [, answer] = await discord.waitForSent(2);
    expect(answer!.body.content).toMatch(/^echo: .*and now\?/);
  });

  it("keeps answering after the gateway reconnects", async () => {
    const { discord } = await startDaemon();
    await discord.forceReconnect("close");
    discord.dm("after the reconnect");
    const [reply] = await discord.waitForSent(1);
    expect(reply!.body.content).toMatch(/after the reconnect/);
    expect(discord.received.resume).toBe(1);
  });

  it("answers a message delivered twice only once", async () => {
    const { discord, openai } = await startDaemon();
    discord.dm("only once please");
    await discord.waitForSent(1);
    discord.redeliverLastMessage();
    discord.dm("and this one");
    // The gateway delivers in order: once the last message is answered, the duplicate was seen.
    await discord.waitForSent(2);
    await setup!.daemon.idle();
    expect(discord.sent.map((message) => message.body.content)).toEqual([
      expect.stringMatching(/only once please/),
      expect.stringMatching(/and this one/),
    ]);
    expect(openai.completions).toHaveLength(2);
  });

  it("reports a bad Discord token and keeps the other channels running", async () => {
    const other: Channel = {
      name: "other",
      start: async () => undefined,
      send: async () => undefined,
      stop: async () => undefined,
      status: () => ({ state: "connected", since: Date.now() }),
    };
    const { daemon } = await startDaemon({ token: "wrong-token", channels: [{ name: "other", create: () => other }] });
    const { channels } = daemon.status();
    expect(channels.discord).toMatchObject({ state: "failed", detail: expect.stringMatching(/token/) });
    expect(channels.other).toMatchObject({ state: "connected" });
    expect(daemon.bus.runningChannels()).toEqual(["other"]);
  });
});

describe("Discord attachments", () => {
  it("transcribes a voice message and saves an image, giving the model both", async () => {
    const { discord, openai, home } = await startDaemon();
    openai.transcript = "what is in the picture";
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(300, 5)]);

    discord.dm("", ALICE, [
      { filename: "voice-message.ogg", size: 4, content_type: "audio/ogg", bytes: Buffer.from("OggS"), flags: 8192 },
      { filename: "cat.jpg", size: jpeg.length, content_type: "image/jpeg", bytes: jpeg },
    ]);
    await discord.waitForSent(1);

    expect(openai.transcriptions).toEqual([
      expect.objectContaining({ fileName: expect.stringMatching(/voice-message\.ogg$/) }),
    ]);
    const user = openai.requests.at(-1)!.body.messages.findLast((message) => message.role === "user");
    const parts = user?.content as Array<{ type: string; text?: string; image_url?: { url: string } }>;
    expect(parts[0]?.text).toMatch(
      /^\[[^\]]+ UTC\] \[voice message, transcribed\]: what is in the picture\n\n\[voice saved to inbox\/discord\//,
    );
    expect(parts[0]?.text).toMatch(/\[photo saved to inbox\/discord\/\d+\/.+-cat\.jpg \(image\/jpeg/);
    expect(parts[1]?.image_url?.url).toBe(`data:image/jpeg;base64,${jpeg.toString("base64")}`);
    const saved = await readdir(join(home, "workspace", "inbox", "discord", DM_CHANNEL_ID));
    expect(saved.some((name) => name.endsWith("cat.jpg"))).toBe(true);
  });
});

describe("Discord files from the agent", () => {
  it("uploads workspace files as multipart files[n] in one message", async () => {
    const { discord, openai, home } = await startDaemon({ config: { tools: { message: { targets: "any" } } } });
    await writeFile(join(home, "workspace", "chart.png"), Buffer.from("PNG-bytes"));
    await writeFile(join(home, "workspace", "data.csv"), "a,b\n");
    openai.reply(
      {
        toolCalls: [
          {
            name: "message",
            arguments: {
              channel: "discord",
              chat_id: DM_CHANNEL_ID,
              content: "Files",
              files: ["chart.png", "data.csv"],
            },
          },
        ],
      },
      { content: "Sent." },
    );
    discord.dm("send me the chart and the data");

    await discord.waitForSent(2);
    await setup!.daemon.idle();
    expect(discord.uploads.map(({ channelId, name }) => ({ channelId, name }))).toEqual([
      { channelId: DM_CHANNEL_ID, name: "chart.png" },
      { channelId: DM_CHANNEL_ID, name: "data.csv" },
    ]);
    expect(discord.uploads[0]!.bytes.toString()).toBe("PNG-bytes");
  });
});
