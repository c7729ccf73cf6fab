import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { SlackChannel } from "../../channels/slack/slack-channel.js";
import type { TurnOutcome } from "../../src/agent/agent-loop.js";
import { loadConfig } from "../../src/config/load.js";
import { createDaemon, type Daemon } from "../../src/daemon.js";
import { silentLogger } from "../../src/log.js";
import { fastRetries } from "../channels/slack/harness.js";
import { FakeDiscord } from "../fakes/fake-discord.js";
import { contentText, FakeOpenAI } from "../fakes/fake-openai.js";
import { FakeSlack } from "../fakes/fake-slack.js";
import { writeSkill } from "./helpers.js";

interface Running {
  daemon: Daemon;
  model: FakeOpenAI;
  home: string;
  close(): Promise<void>;
}
let running: Running | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

/** A daemon with the skill `my-skill` installed, the fake model, and `env` naming one platform's fake. */
async function startWith(env: Record<string, string>, model: FakeOpenAI, home: string, slack?: FakeSlack) {
  await writeSkill(join(home, "workspace", "skills"), "my-skill", "name: my-skill\ndescription: The house way.");
  const loaded = await loadConfig({
    ignoreDotEnv: true,
    cwd: home,
    env: { HOME: home, SKEIN_HOME: home, OPENAI_API_KEY: "sk-test", OPENAI_BASE_URL: model.baseUrl, ...env },
  });
  const daemon = createDaemon({
    loaded,
    log: silentLogger(),
    graceMs: 1_000,
    ...(slack
      ? {
          platformChannels: false,
          channels: [
            {
              name: "slack",
              create: ({ config, ...deps }) =>
                new SlackChannel({ ...deps, settings: config.channels.slack }, fastRetries),
            },
          ],
        }
      : {}),
  });
  await daemon.start();
  return daemon;
}

function nextOutcome(daemon: Daemon): Promise<TurnOutcome> {
  return new Promise((resolve) => {
    const stop = daemon.onOutcome((outcome) => {
      stop();
      resolve(outcome);
    });
  });
}

/** The last model request: its user message and the `skill` result after it. */
function lastTurn(model: FakeOpenAI) {
  const messages = model.requests.at(-1)!.body.messages;
  return {
    user: contentText(messages.findLast((message) => message.role === "user")?.content),
    loaded: messages.at(-1)!.role === "tool" ? contentText(messages.at(-1)!.content) : "",
  };
}

describe("/<skill> on Slack and Discord", () => {
  it("runs /<skill-name> in a Slack mention and /<skill_name> in a Slack DM with the skill loaded", async () => {
    const slack = await FakeSlack.start({ users: { UALICE: { name: "alice", displayName: "Alice" } } });
    const model = await FakeOpenAI.start();
    const home = await mkdtemp(join(tmpdir(), "skein-skills-slack-"));
    const env = {
      SLACK_BOT_TOKEN: "xoxb-good",
      SLACK_APP_TOKEN: "xapp-good",
      SLACK_API_URL: slack.apiUrl,
      SLACK_ALLOW_FROM: "*",
    };
    const daemon = await startWith(env, model, home, slack);
    running = {
      daemon,
      model,
      home,
      close: async () => {
        await daemon.stop();
        await slack.close();
        await model.close();
        await rm(home, { recursive: true, force: true });
      },
    };

    let outcome = nextOutcome(daemon);
    slack.sendSocketEvent({
      type: "app_mention",
      user: "UALICE",
      text: "<@UBOT> /my-skill tidy the notes",
      ts: slack.nextTs(),
      channel: "C1",
    });
    expect((await outcome).status).toBe("answered");
    expect(lastTurn(model).user).toContain("tidy the notes");
    expect(lastTurn(model).user).not.toContain("/my-skill");
    expect(lastTurn(model).loaded).toContain("Instructions of my-skill.");

    outcome = nextOutcome(daemon);
    slack.sendSocketEvent({
      type: "message",
      channel_type: "im",
      user: "UALICE",
      text: "/my_skill in private",
      ts: slack.nextTs(),
      channel: "D1",
    });
    expect((await outcome).status).toBe("answered");
    expect(lastTurn(model).user).toContain("in private");
    expect(lastTurn(model).loaded).toContain("Instructions of my-skill.");
  });

  it("runs /<skill-name> in a Discord DM with the skill loaded, and lists it with /skills", async () => {
    const discord = await FakeDiscord.start();
    const model = await FakeOpenAI.start();
    const home = await mkdtemp(join(tmpdir(), "skein-skills-discord-"));
    const { ALICE } = await import("../fakes/fake-discord.js");
    const env = { DISCORD_BOT_TOKEN: "test-token", DISCORD_API_URL: discord.apiUrl, DISCORD_ALLOW_FROM: ALICE.id };
    const daemon = await startWith(env, model, home);
    running = {
      daemon,
      model,
      home,
      close: async () => {
        await daemon.stop();
        await discord.close();
        await model.close();
        await rm(home, { recursive: true, force: true });
      },
    };

    let outcome = nextOutcome(daemon);
    discord.dm("/my-skill sort my reading list");
    expect((await outcome).status).toBe("answered");
    expect(lastTurn(model).user).toContain("sort my reading list");
    expect(lastTurn(model).loaded).toContain("Instructions of my-skill.");

    outcome = nextOutcome(daemon);
    discord.dm("/skills");
    const listing = await outcome;
    expect(listing.status).toBe("command");
    expect(listing.reply).toContain("/my-skill — The house way.");
  });
});
