import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALICE, DM_CHANNEL_ID, FakeDiscord } from "../fakes/fake-discord.js";
import { FakeOpenAI } from "../fakes/fake-openai.js";
import { cliPath } from "../cli/build.js";

let home: string;
let discord: FakeDiscord;
let openai: FakeOpenAI;
let daemon: ChildProcess | undefined;
let stderr = "";

beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), "skein-discord-e2e-"));
  discord = await FakeDiscord.start();
  openai = await FakeOpenAI.start();
});

afterAll(async () => {
  if (daemon && daemon.exitCode === null) {
    daemon.kill("SIGTERM");
    await once(daemon, "exit");
  }
  await discord?.close();
  await openai?.close();
  await rm(home, { recursive: true, force: true });
});

/** Resolves once the daemon's log contains `text`. */
async function waitForLog(text: string): Promise<void> {
  while (!stderr.includes(text)) await once(daemon!.stderr!, "data");
}

describe("skein start with Discord configured", () => {
  it("serves a Discord DM end to end", async () => {
    daemon = spawn(process.execPath, [cliPath, "start"], {
      cwd: home,
      env: {
        PATH: process.env.PATH,
        HOME: home,
        SKEIN_HOME: home,
        SKEIN_LOG_LEVEL: "info",
        OPENAI_API_KEY: "sk-test",
        OPENAI_BASE_URL: openai.baseUrl,
        DISCORD_BOT_TOKEN: "test-token",
        DISCORD_API_URL: discord.apiUrl,
        DISCORD_ALLOW_FROM: ALICE.id,
      },
      stdio: ["ignore", "ignore", "pipe"],
    });
    daemon.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = once(daemon, "exit").then(([code]) => {
      throw new Error(`skein start exited with ${String(code)}:\n${stderr}`);
    });

    await Promise.race([waitForLog("discord connected"), exited]);
    discord.dm("ping from Discord");
    const [reply] = await Promise.race([discord.waitForSent(1), exited]);
    expect(reply).toMatchObject({ channelId: DM_CHANNEL_ID, body: { content: expect.stringMatching(/^echo: .*ping from Discord/) } });
    expect(openai.completions).toHaveLength(1);
  });
});
