import { EventEmitter } from "node:events";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SlackChannel } from "../../../channels/slack/slack-channel.js";
import type { TurnOutcome } from "../../../src/agent/agent-loop.js";
import { loadConfig } from "../../../src/config/load.js";
import { createDaemon, type Daemon } from "../../../src/daemon.js";
import { PairingFiles } from "../../../src/gates/access-gate.js";
import { FakeOpenAI } from "../../fakes/fake-openai.js";
import { FakeSlack } from "../../fakes/fake-slack.js";
import { fastRetries, LogRecorder, nthArrival } from "./harness.js";

let slack: FakeSlack;
let openai: FakeOpenAI;
let home: string;
let daemon: Daemon;
let logs: LogRecorder;
const outcomes: TurnOutcome[] = [];
const outcomeEvents = new EventEmitter();

async function startDaemon(allowFrom = "*"): Promise<void> {
  const loaded = await loadConfig({
    ignoreDotEnv: true,
    cwd: home,
    env: {
      SKEIN_HOME: home,
      OPENAI_API_KEY: "sk-test",
      OPENAI_BASE_URL: openai.baseUrl,
      SLACK_BOT_TOKEN: "xoxb-good",
      SLACK_APP_TOKEN: "xapp-good",
      SLACK_API_URL: slack.apiUrl,
      SLACK_ALLOW_FROM: allowFrom,
    },
  });
  daemon = createDaemon({
    loaded,
    log: logs.log,
    platformChannels: false,
    channels: [
      {
        name: "slack",
        create: ({ config, ...deps }) => new SlackChannel({ ...deps, settings: config.channels.slack }, fastRetries),
      },
    ],
    graceMs: 1_000,
  });
  daemon.onOutcome((outcome) => {
    outcomes.push(outcome);
    outcomeEvents.emit("arrived");
  });
  await daemon.start();
}

const nthOutcome = (count: number): Promise<TurnOutcome> => nthArrival(outcomes, outcomeEvents, count);

beforeEach(async () => {
  slack = await FakeSlack.start({ users: { UALICE: { name: "alice", displayName: "Alice" } } });
  openai = await FakeOpenAI.start();
  home = await mkdtemp(join(tmpdir(), "skein-slack-turns-"));
  logs = new LogRecorder();
  outcomes.length = 0;
});

afterEach(async () => {
  await daemon.stop();
  await slack.close();
  await openai.close();
  await rm(home, { recursive: true, force: true });
});

const mention = (text: string, ts: string, threadTs?: string) =>
  slack.sendSocketEvent({
    type: "app_mention",
    user: "UALICE",
    text: `<@UBOT> ${text}`,
    ts,
    channel: "C1",
    ...(threadTs ? { thread_ts: threadTs } : {}),
  });

describe("Slack conversations with the agent", () => {
  it("answers a channel mention in the mention's thread with exactly one turn, showing :eyes: meanwhile", async () => {
    await startDaemon();
    const ts = slack.nextTs();
    mention("what is up?", ts);
    slack.sendSocketEvent({
      type: "message",
      channel_type: "channel",
      user: "UALICE",
      text: "<@UBOT> what is up?",
      ts,
      channel: "C1",
    });

    const [posted] = await slack.waitForCalls("chat.postMessage", 1);
    expect(posted).toMatchObject({ channel: "C1", thread_ts: ts });
    expect(String(posted?.text)).toContain("what is up?");
    await logs.waitFor((line) => line.msg === "Slack event ignored" && line.reason === "duplicate of an app_mention");
    await slack.waitForCalls("reactions.remove", 1);
    expect(slack.callsTo("reactions.add")).toEqual([
      expect.objectContaining({ channel: "C1", timestamp: ts, name: "eyes" }),
    ]);
    await daemon.idle();
    expect(openai.requests).toHaveLength(1);
    expect(slack.callsTo("chat.postMessage")).toHaveLength(1);
  });

  it("continues the thread's session when a follow-up in the thread mentions it", async () => {
    await startDaemon();
    const root = slack.nextTs();
    mention("remember the number 42", root);
    await slack.waitForCalls("chat.postMessage", 1);
    mention("which number was it?", slack.nextTs(), root);

    const replies = await slack.waitForCalls("chat.postMessage", 2);
    expect(replies.map((reply) => reply.thread_ts)).toEqual([root, root]);
    const history = openai.requests[1]?.body.messages.map((message) => message.content ?? "").join("\n");
    expect(history).toContain("remember the number 42");
    expect(history).toContain("which number was it?");
  });

  it("starts a separate session for a mention outside the thread", async () => {
    await startDaemon();
    mention("remember the number 42", slack.nextTs());
    await slack.waitForCalls("chat.postMessage", 1);
    mention("which number was it?", slack.nextTs());

    await slack.waitForCalls("chat.postMessage", 2);
    const history = openai.requests[1]?.body.messages.map((message) => message.content ?? "").join("\n");
    expect(history).not.toContain("remember the number 42");
  });

  it("answers a DM in the DM", async () => {
    await startDaemon();
    slack.sendSocketEvent({
      type: "message",
      channel_type: "im",
      user: "UALICE",
      text: "hello in private",
      ts: slack.nextTs(),
      channel: "D1",
    });

    const [posted] = await slack.waitForCalls("chat.postMessage", 1);
    expect(posted).toMatchObject({ channel: "D1" });
    expect(posted).not.toHaveProperty("thread_ts");
    expect(String(posted?.text)).toContain("hello in private");
  });

  it("gives a stranger's DM a pairing code and no turn, and answers once the operator approves", async () => {
    await startDaemon("UALICE");
    slack.sendSocketEvent({
      type: "message",
      channel_type: "im",
      user: "UMALLORY",
      text: "let me in",
      ts: slack.nextTs(),
      channel: "D2",
    });

    const [pairing] = await slack.waitForCalls("chat.postMessage", 1);
    expect(pairing).toMatchObject({ channel: "D2" });
    const code = /pairing code is (\S+)/.exec(String(pairing?.text))?.[1];
    expect(code).toBeDefined();
    expect(openai.requests).toEqual([]);

    expect(await new PairingFiles({ home }).approve("slack", code!)).toMatchObject({ senderId: "UMALLORY" });
    slack.sendSocketEvent({
      type: "message",
      channel_type: "im",
      user: "UMALLORY",
      text: "now?",
      ts: slack.nextTs(),
      channel: "D2",
    });
    const replies = await slack.waitForCalls("chat.postMessage", 2);
    expect(String(replies[1]?.text)).toContain("now?");
    expect(openai.requests).toHaveLength(1);
  });

  it("ignores a stranger's mention in a channel, silently", async () => {
    await startDaemon("UALICE");
    slack.sendSocketEvent({
      type: "app_mention",
      user: "UMALLORY",
      text: "<@UBOT> hi",
      ts: slack.nextTs(),
      channel: "C1",
    });

    expect(await nthOutcome(1)).toMatchObject({ status: "gated" });
    expect(slack.callsTo("chat.postMessage")).toEqual([]);
    expect(openai.requests).toEqual([]);
  });
});

describe("Slack files with the agent", () => {
  it("downloads a shared image with the bot token, saves it and shows it to the model with its text", async () => {
    await startDaemon();
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), Buffer.alloc(500, 3)]);
    const file = slack.addFile(png, "chart.png", "image/png");
    const ts = slack.nextTs();
    slack.sendSocketEvent({
      type: "message",
      subtype: "file_share",
      channel_type: "im",
      user: "UALICE",
      text: "what does this chart say?",
      ts,
      channel: "D1",
      files: [file],
    });

    await nthOutcome(1);
    await daemon.idle();
    expect(slack.fileDownloads).toEqual([expect.objectContaining({ token: "xoxb-good" })]);
    const user = openai.requests.at(-1)!.body.messages.findLast((message) => message.role === "user");
    expect(user?.content).toEqual([
      {
        type: "text",
        text: expect.stringMatching(
          /^\[[^\]]+ UTC\] what does this chart say\?\n\n\[photo saved to inbox\/slack\/D1\/.+-chart\.png \(image\/png/,
        ),
      },
      { type: "image_url", image_url: { url: `data:image/png;base64,${png.toString("base64")}` } },
    ]);
  });
});

describe("Slack files from the agent", () => {
  it("uploads a workspace file into the thread through the external upload flow", async () => {
    await writeFile(join(home, "config.json"), JSON.stringify({ tools: { message: { targets: "any" } } }));
    await startDaemon();
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), Buffer.alloc(64, 2)]);
    await writeFile(join(home, "workspace", "chart.png"), png);
    const ts = slack.nextTs();
    openai.reply(
      {
        toolCalls: [
          {
            name: "message",
            arguments: { channel: "slack", chat_id: "C1", thread_id: ts, content: "Your chart", files: ["chart.png"] },
          },
        ],
      },
      { content: "Sent." },
    );
    mention("plot this CSV and send me the picture", ts);

    await nthOutcome(1);
    await daemon.idle();
    await slack.waitForCalls("files.completeUploadExternal", 1);
    expect(slack.callsTo("files.getUploadURLExternal")).toEqual([
      expect.objectContaining({ filename: "chart.png", length: String(png.length) }),
    ]);
    expect(slack.uploads).toEqual([
      expect.objectContaining({ filename: "chart.png", channel_id: "C1", thread_ts: ts }),
    ]);
    expect(slack.uploads[0]!.bytes).toEqual(png);
  });
});
