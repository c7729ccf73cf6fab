import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SlackChannel } from "../../../channels/slack/slack-channel.js";
import type { TurnOutcome } from "../../../src/agent/agent-loop.js";
import { createDaemon } from "../../../src/daemon.js";
import { type ApprovalPlatform, describeApprovals, type Presser } from "../../approvals/approval-suite.js";
import { scriptToolCalls } from "../../approvals/scripted-model.js";
import { FakeOpenAI } from "../../fakes/fake-openai.js";
import { FakeSlack } from "../../fakes/fake-slack.js";
import { blockActions, postSignedEvent, postSignedInteraction } from "../../fakes/slack-requests.js";
import { fastRetries, LogRecorder } from "./harness.js";

const users: Record<Presser, string> = { requester: "UALICE", approver: "UBOB", stranger: "UMAL" };
const TIMEOUT_S = 4;
const DM = "D0ALICE";

interface SlackPrompt {
  ts: string;
  blocks: Array<{ type: string; elements?: Array<{ text: { text: string }; action_id: string }> }>;
}

const parseBlocks = (blocks: unknown): SlackPrompt["blocks"] =>
  (typeof blocks === "string" ? JSON.parse(blocks) : (blocks ?? [])) as SlackPrompt["blocks"];

/** A daemon serving Slack in HTTP (signed requests) or Socket Mode, against the fake. */
async function startSlack(mode: "http" | "socket"): Promise<ApprovalPlatform<SlackPrompt>> {
  const slack = await FakeSlack.start({ users: { UALICE: { name: "alice" }, UBOB: { name: "bob" } } });
  const model = await FakeOpenAI.start();
  scriptToolCalls(model);
  const home = await mkdtemp(join(tmpdir(), "skein-slack-approvals-"));
  const configPath = join(home, "config.json");
  const tools = { approval: "ask", approvers: [`slack:${users.approver}`], approval_timeout: TIMEOUT_S };
  const slackSettings = mode === "http" ? { signing_secret: "shh", port: 0 } : { app_token: "xapp-good" };
  await writeFile(configPath, JSON.stringify({ tools, channels: { slack: slackSettings } }));
  let channel!: SlackChannel;
  const daemon = createDaemon({
    configPath,
    cwd: home,
    ignoreDotEnv: true,
    env: {
      SKEIN_HOME: home,
      OPENAI_API_KEY: "sk-test",
      OPENAI_BASE_URL: model.baseUrl,
      SLACK_BOT_TOKEN: "xoxb-good",
      SLACK_API_URL: slack.apiUrl,
      SLACK_ALLOW_FROM: users.requester,
    },
    log: new LogRecorder().log,
    platformChannels: false,
    channels: [
      {
        name: "slack",
        create: ({ config, ...deps }) => {
          channel = new SlackChannel({ ...deps, settings: config.channels.slack }, fastRetries);
          return channel;
        },
      },
    ],
    graceMs: 1_000,
  });
  await daemon.start();
  const eventsUrl = () => `http://127.0.0.1:${channel.port}/slack/events`;
  const deliver = async (payload: Record<string, unknown>, interactive: boolean) => {
    if (mode === "socket") {
      if (interactive) slack.sendSocketInteractive(payload);
      else slack.sendSocketEvent(payload);
      return;
    }
    const response = interactive
      ? await postSignedInteraction(eventsUrl(), "shh", payload)
      : await postSignedEvent(eventsUrl(), "shh", slack.eventCallback(payload));
    if (!response.ok) throw new Error(`the events endpoint answered ${response.status}`);
  };
  const prompts = () =>
    slack.callsTo("chat.postMessage").flatMap((params, index) => {
      const blocks = parseBlocks(params.blocks);
      return blocks.some((block) => block.type === "actions") ? [{ index, blocks }] : [];
    });
  let returned = 0;
  const updatesOf = (prompt: SlackPrompt) => slack.callsTo("chat.update").filter((params) => params.ts === prompt.ts);

  return {
    model,
    workspace: join(home, "workspace"),
    timeoutSeconds: TIMEOUT_S,
    async send(text) {
      const outcome = new Promise<TurnOutcome>((resolve) => {
        const stop = daemon.onOutcome((candidate) => {
          if (candidate.message.text !== text) return;
          stop();
          resolve(candidate);
        });
      });
      await deliver(
        { type: "message", channel: DM, channel_type: "im", user: users.requester, text, ts: slack.nextTs() },
        false,
      );
      return outcome;
    },
    async nextPrompt() {
      for (;;) {
        const found = prompts()[returned];
        if (found && slack.postedTs[found.index] !== undefined) {
          returned += 1;
          return { ts: slack.postedTs[found.index]!, blocks: found.blocks };
        }
        await slack.waitForCalls("chat.postMessage", slack.callsTo("chat.postMessage").length + 1);
      }
    },
    async press(prompt, presser, label) {
      const button = prompt.blocks
        .flatMap((block) => block.elements ?? [])
        .find((element) => element.text.text === label);
      if (!button) throw new Error(`no button "${label}"`);
      const payload = blockActions({
        user: { id: users[presser], username: presser },
        channel: DM,
        message: { ts: prompt.ts },
        actionId: button.action_id,
      });
      await deliver(payload, true);
    },
    async promptUpdated(prompt, count = 1) {
      for (;;) {
        const updates = updatesOf(prompt);
        if (updates.length >= count) {
          const last = updates[count - 1]!;
          const blocks = parseBlocks(last.blocks);
          return { text: String(last.text), buttons: blocks.some((block) => block.type === "actions") };
        }
        await slack.waitForCalls("chat.update", slack.callsTo("chat.update").length + 1);
      }
    },
    async refusalShown() {
      const before = slack.callsTo("chat.postEphemeral").length;
      const calls = await slack.waitForCalls("chat.postEphemeral", before + 1);
      const refusal = calls.at(-1)!;
      if (refusal.user !== users.stranger) throw new Error(`the refusal went to ${String(refusal.user)}`);
      return String(refusal.text);
    },
    updatesOf: (prompt) => updatesOf(prompt).length,
    async close() {
      await daemon.stop();
      await slack.close();
      await model.close();
      await rm(home, { recursive: true, force: true });
    },
  };
}

describeApprovals("approval prompts in Slack over the HTTP Events API", () => startSlack("http"));
describeApprovals("approval prompts in Slack over Socket Mode", () => startSlack("socket"));
