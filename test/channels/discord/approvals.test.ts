import { once } from "node:events";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pino } from "pino";
import { DiscordChannel } from "../../../channels/discord/discord-channel.js";
import type { TurnOutcome } from "../../../src/agent/agent-loop.js";
import { createDaemon } from "../../../src/daemon.js";
import { type ApprovalPlatform, describeApprovals, type Presser } from "../../approvals/approval-suite.js";
import { scriptToolCalls } from "../../approvals/scripted-model.js";
import { ALICE, BOB, FakeDiscord, type FakeUser, OTHER_BOT, type SentMessage } from "../../fakes/fake-discord.js";
import { FakeOpenAI } from "../../fakes/fake-openai.js";

const MALLORY = { ...OTHER_BOT, id: "100000000000000066", username: "mallory", bot: false };
const users: Record<Presser, FakeUser> = { requester: ALICE, approver: BOB, stranger: MALLORY };
const TIMEOUT_S = 4;

type Components = Array<{ components: Array<{ label: string; custom_id: string }> }>;

/** A daemon serving Discord DMs against the fake gateway and REST API. */
async function startDiscord(): Promise<ApprovalPlatform<SentMessage>> {
  const discord = await FakeDiscord.start();
  const model = await FakeOpenAI.start();
  scriptToolCalls(model);
  const home = await mkdtemp(join(tmpdir(), "skein-discord-approvals-"));
  const configPath = join(home, "config.json");
  const tools = { approval: "ask", approvers: [`discord:${BOB.id}`], approval_timeout: TIMEOUT_S };
  await writeFile(configPath, JSON.stringify({ tools }));
  const daemon = createDaemon({
    configPath,
    cwd: home,
    ignoreDotEnv: true,
    env: {
      SKEIN_HOME: home,
      OPENAI_API_KEY: "sk-test",
      OPENAI_BASE_URL: model.baseUrl,
      DISCORD_BOT_TOKEN: "test-token",
      DISCORD_API_URL: discord.apiUrl,
      DISCORD_ALLOW_FROM: ALICE.id,
    },
    log: pino({ level: "silent" }),
    platformChannels: false,
    channels: [
      {
        name: "discord",
        create: ({ config, ...deps }) => new DiscordChannel({ ...deps, settings: config.channels.discord }),
      },
    ],
    graceMs: 1_000,
  });
  await daemon.start();
  const returned = new Set<string>();
  const editsOf = (prompt: SentMessage) => discord.edits.filter((edit) => edit.messageId === prompt.id);

  return {
    model,
    workspace: join(home, "workspace"),
    timeoutSeconds: TIMEOUT_S,
    send(text) {
      const outcome = new Promise<TurnOutcome>((resolve) => {
        const stop = daemon.onOutcome((candidate) => {
          if (candidate.message.text !== text) return;
          stop();
          resolve(candidate);
        });
      });
      discord.dm(text, ALICE);
      return outcome;
    },
    async nextPrompt() {
      for (;;) {
        const prompt = discord.sent.find(
          (sent) => (sent.body.components as Components | undefined)?.length && !returned.has(sent.id),
        );
        if (prompt) {
          returned.add(prompt.id);
          return prompt;
        }
        await once(discord, "sent");
      }
    },
    async press(prompt, presser, label) {
      const button = (prompt.body.components as Components)
        .flatMap((row) => row.components)
        .find((candidate) => candidate.label === label);
      if (!button) throw new Error(`no button "${label}"`);
      discord.pressButton(prompt, button.custom_id, users[presser]);
    },
    async promptUpdated(prompt, count = 1) {
      while (editsOf(prompt).length < count) await once(discord, "edited");
      const edit = editsOf(prompt)[count - 1]!;
      const components = (edit.body.components as Components | undefined) ?? [];
      return { text: String(edit.body.content), buttons: components.length > 0 };
    },
    async refusalShown() {
      const before = discord.callbacks.length;
      while (discord.callbacks.length <= before) await once(discord, "callback");
      const callback = discord.callbacks[before]!;
      if (callback.body.type !== 4 || callback.body.data?.flags !== 64)
        throw new Error("the refusal was not ephemeral");
      return String(callback.body.data.content);
    },
    updatesOf: (prompt) => editsOf(prompt).length,
    async close() {
      await daemon.stop();
      await discord.close();
      await model.close();
      await rm(home, { recursive: true, force: true });
    },
  };
}

describeApprovals("approval prompts in Discord", startDiscord);
