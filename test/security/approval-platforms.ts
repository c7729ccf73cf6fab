import { mkdir, mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ALICE, BOB, FakeDiscord, GENERAL_CHANNEL_ID } from "../fakes/fake-discord.js";
import { FakeOpenAI } from "../fakes/fake-openai.js";
import { FakeSlack } from "../fakes/fake-slack.js";
import { FakeTelegram, type FakeUser as TelegramUser } from "../fakes/fake-telegram.js";
import { blockActions, postSignedEvent, postSignedInteraction } from "../fakes/slack-requests.js";
import { spawnSkein } from "../support/skein-process.js";

/** Who presses: the sender who started the turn, someone in tools.approvers, or anyone else. */
export type Presser = "requester" | "approver" | "stranger";

/** A tool call the scripted model makes. */
export interface PlannedCall {
  name: string;
  arguments: Record<string, unknown>;
}

/** A posted approval prompt: the text the platform shows, the button labels, and a handle to press them. */
export interface ShownPrompt {
  /** The text as the platform's users see it (Discord's backslash escapes resolved). */
  shown: string;
  /** Whether the request body could turn any of the text into markup on that platform. */
  markupFree: boolean;
  labels: string[];
  handle: unknown;
}

/** The built CLI serving one platform with `tools.approval: ask`, driven through the platform's fake. */
export interface ApprovalPlatform {
  readonly name: "telegram" | "slack" | "discord";
  readonly model: FakeOpenAI;
  readonly workspace: string;
  /** The requester asks for `call` in their chat (the model makes exactly that call). */
  ask(call: PlannedCall): void;
  /** The next prompt posted that was not returned before. */
  nextPrompt(): Promise<ShownPrompt>;
  /**
   * Presses the button `label` of `prompt` as `presser`; `elsewhere` presses the same button
   * data on another of the bot's messages in another chat.
   */
  press(prompt: ShownPrompt, presser: Presser, label: string, elsewhere?: boolean): Promise<void>;
  /** What the last presser was told only for themselves (an alert, an ephemeral message). */
  toldPresser(): Promise<string>;
  /** The prompt's text after its `count`th update. */
  updated(prompt: ShownPrompt, count?: number): Promise<string>;
  updatesOf(prompt: ShownPrompt): number;
  /** The result of the `index`th tool call from now on, as the model saw it. */
  nextToolResult(): Promise<string>;
  close(): Promise<void>;
}

/** A model that makes the planned calls: the user message `go <n>` makes call n; after a tool result it says "done". */
function scriptedModel(model: FakeOpenAI, calls: PlannedCall[]): void {
  model.respondWith((request) => {
    const last = request.body.messages.at(-1);
    if (last?.role === "tool") return { content: "done" };
    const go = /\bgo (\d+)\b/.exec(String(last?.content ?? ""));
    const call = go ? calls[Number(go[1])] : undefined;
    if (call) return { toolCalls: [{ id: `call_${go![1]}`, ...call }] };
    return { content: "nothing to do" };
  });
}

/** Resolves with the content of the next tool message the model is sent after `from` requests. */
async function toolResultAfter(model: FakeOpenAI, from: number): Promise<string> {
  for (;;) {
    const found = model.requests.slice(from).find((request) => request.body.messages.at(-1)?.role === "tool");
    if (found) return String(found.body.messages.at(-1)?.content);
    await model.waitForRequests(model.requests.length + 1);
  }
}

async function homeWithConfig(name: string, tools: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  const home = await realpath(await mkdtemp(join(tmpdir(), `skein-approvals-${name}-`)));
  await mkdir(join(home, "workspace"));
  await writeFile(join(home, "config.json"), JSON.stringify({ ...extra, tools: { approval: "ask", ...tools } }));
  return home;
}

const baseEnv = (home: string, model: FakeOpenAI) => ({
  PATH: process.env.PATH,
  HOME: home,
  SKEIN_HOME: home,
  OPENAI_BASE_URL: model.baseUrl,
  OPENAI_API_KEY: "sk-test",
});

export const tgUsers: Record<Presser, TelegramUser> = {
  requester: { id: 111, first_name: "Alice", username: "alice" },
  approver: { id: 222, first_name: "Bob", username: "bob" },
  stranger: { id: 666, first_name: "Mallory", username: "mallory" },
};

/** A group on Telegram whose chat id is in allow_from (when a test lets it in). */
export const tgGroup = { id: -1001234567, type: "supergroup" as const, title: "Team" };

/** Telegram with more to it: messages from anyone in any chat, calls planned for later (a scheduled task). */
export interface TelegramApprovals extends ApprovalPlatform {
  telegram: FakeTelegram;
  /** Plans a call for a later `go <n>` and returns n. */
  plan(call: PlannedCall): number;
  /** `from` asks for `call` in `chat` (default their private chat). */
  askAs(from: Presser, call: PlannedCall, chat?: { id: number; type: "private" | "supergroup" }): void;
}

/**
 * Telegram: Alice's private chat; Bob is in tools.approvers; Mallory is allowed too but no
 * approver (unless `allowFrom` says otherwise, e.g. only through the group {@link tgGroup}).
 */
export async function telegramPlatform(
  timeoutSeconds = 30,
  options: { allowFrom?: string; env?: Record<string, string>; tools?: Record<string, unknown> } = {},
): Promise<TelegramApprovals> {
  const telegram = await FakeTelegram.start();
  const model = await FakeOpenAI.start();
  const calls: PlannedCall[] = [];
  scriptedModel(model, calls);
  const { requester, approver, stranger } = tgUsers;
  const home = await homeWithConfig("telegram", {
    approvers: [`telegram:${approver.id}`],
    approval_timeout: timeoutSeconds,
    ...options.tools,
  });
  const skein = spawnSkein(["start"], {
    cwd: home,
    env: {
      ...baseEnv(home, model),
      TELEGRAM_BOT_TOKEN: telegram.token,
      TELEGRAM_API_ROOT: telegram.apiRoot,
      TELEGRAM_ALLOW_FROM: options.allowFrom ?? `${requester.id},${approver.id},${stranger.id}`,
      TELEGRAM_STREAMING: "false",
      ...options.env,
    },
  });
  await skein.waitFor('"msg":"skein ready"');
  const returned = new Set<number>();
  type Sent = (typeof telegram.sent)[number];
  const editsOf = (prompt: ShownPrompt) =>
    telegram
      .callsOf("editMessageText")
      .filter((call) => call.payload.message_id === (prompt.handle as Sent).message_id);
  let answeredBefore = 0;
  return {
    name: "telegram",
    telegram,
    model,
    workspace: join(home, "workspace"),
    ask(call) {
      calls.push(call);
      telegram.userMessage({ id: requester.id, type: "private" }, requester, `go ${calls.length - 1}`);
    },
    plan(call) {
      return calls.push(call) - 1;
    },
    askAs(from, call, chat) {
      const user = tgUsers[from];
      calls.push(call);
      telegram.userMessage(chat ?? { id: user.id, type: "private" }, user, `go ${calls.length - 1}`);
    },
    async nextPrompt() {
      for (;;) {
        const sent = telegram.sent.find((message) => message.payload.reply_markup && !returned.has(message.message_id));
        if (sent) {
          returned.add(sent.message_id);
          const keyboard = sent.payload.reply_markup as { inline_keyboard: Array<Array<{ text: string }>> };
          const markupFree = sent.payload.parse_mode === undefined && sent.payload.entities === undefined;
          const labels = keyboard.inline_keyboard.flat().map((button) => button.text);
          return { shown: String(sent.payload.text), markupFree, labels, handle: sent };
        }
        await telegram.waitForSent(telegram.sent.length + 1);
      }
    },
    async press(prompt, presser, label, elsewhere = false) {
      const sent = prompt.handle as Sent;
      const keyboard = sent.payload.reply_markup as {
        inline_keyboard: Array<Array<{ text: string; callback_data: string }>>;
      };
      const data = keyboard.inline_keyboard.flat().find((button) => button.text === label)!.callback_data;
      answeredBefore = telegram.calls.length;
      const where = elsewhere ? { ...sent, chat_id: approver.id, message_id: sent.message_id + 1000 } : sent;
      telegram.pressButton(where, tgUsers[presser], data);
    },
    async toldPresser() {
      const call = await telegram.waitForCall(
        "answerCallbackQuery",
        (c) => c.payload.show_alert === true,
        answeredBefore,
      );
      return String(call.payload.text);
    },
    async updated(prompt, count = 1) {
      await telegram.waitForCall("editMessageText", () => editsOf(prompt).length >= count);
      return String(editsOf(prompt)[count - 1]!.payload.text);
    },
    updatesOf: (prompt) => editsOf(prompt).length,
    nextToolResult: () => toolResultAfter(model, model.requests.length),
    async close() {
      await skein.stop();
      await telegram.close();
      await model.close();
      await rm(home, { recursive: true, force: true });
    },
  };
}

const slackUsers: Record<Presser, string> = { requester: "UALICE", approver: "UBOB", stranger: "UMAL" };

/** Slack over the HTTP Events API: Alice's DM; UBOB is in tools.approvers. */
export async function slackPlatform(timeoutSeconds = 30): Promise<ApprovalPlatform> {
  const slack = await FakeSlack.start({ users: { UALICE: { name: "alice" }, UBOB: { name: "bob" } } });
  const model = await FakeOpenAI.start();
  const calls: PlannedCall[] = [];
  scriptedModel(model, calls);
  const home = await homeWithConfig("slack", {
    approvers: [`slack:${slackUsers.approver}`],
    approval_timeout: timeoutSeconds,
  });
  const secret = "approvals-secret";
  const skein = spawnSkein(["start"], {
    cwd: home,
    env: {
      ...baseEnv(home, model),
      SLACK_BOT_TOKEN: "xoxb-good",
      SLACK_SIGNING_SECRET: secret,
      SLACK_PORT: "0",
      SLACK_API_URL: slack.apiUrl,
      SLACK_ALLOW_FROM: "*",
      SLACK_STREAMING: "false",
    },
  });
  await skein.waitFor('"msg":"skein ready"');
  const listening = skein
    .stderr()
    .split("\n")
    .map((line) => (line.startsWith("{") ? (JSON.parse(line) as Record<string, unknown>) : {}))
    .find((line) => line.mode === "http" && line.port !== undefined);
  const eventsUrl = `http://127.0.0.1:${Number(listening?.port)}/slack/events`;
  const DM = "D0ALICE";
  let returned = 0;
  let ephemeralBefore = 0;
  type SlackHandle = {
    ts: string;
    blocks: Array<{ type: string; elements?: Array<{ text: { text: string }; action_id: string }> }>;
  };
  const blocksOf = (raw: unknown): SlackHandle["blocks"] =>
    (typeof raw === "string" ? JSON.parse(raw) : (raw ?? [])) as SlackHandle["blocks"];
  const updatesOf = (prompt: ShownPrompt) =>
    slack.callsTo("chat.update").filter((params) => params.ts === (prompt.handle as SlackHandle).ts);
  const shownOf = (blocks: SlackHandle["blocks"]) =>
    blocks
      .filter((block) => block.type === "section")
      .map((block) => (block as unknown as { text: { text: string } }).text.text)
      .join("");
  const isPlain = (blocks: SlackHandle["blocks"]) =>
    blocks
      .filter((block) => block.type === "section")
      .every((block) => {
        const text = (block as unknown as { text: { type: string; emoji?: boolean } }).text;
        return text.type === "plain_text" && text.emoji === false;
      });
  return {
    name: "slack",
    model,
    workspace: join(home, "workspace"),
    ask(call) {
      calls.push(call);
      const event = {
        type: "message",
        channel: DM,
        channel_type: "im",
        user: slackUsers.requester,
        ts: slack.nextTs(),
      };
      void postSignedEvent(eventsUrl, secret, slack.eventCallback({ ...event, text: `go ${calls.length - 1}` }));
    },
    async nextPrompt() {
      for (;;) {
        const posts = slack.callsTo("chat.postMessage");
        const prompts = posts.flatMap((params, index) =>
          blocksOf(params.blocks).some((block) => block.type === "actions") ? [index] : [],
        );
        const index = prompts[returned];
        if (index !== undefined && slack.postedTs[index] !== undefined) {
          returned += 1;
          const blocks = blocksOf(posts[index]!.blocks);
          const labels = blocks.flatMap((block) => block.elements ?? []).map((element) => element.text.text);
          const handle: SlackHandle = { ts: slack.postedTs[index]!, blocks };
          return { shown: shownOf(blocks), markupFree: isPlain(blocks), labels, handle };
        }
        await slack.waitForCalls("chat.postMessage", posts.length + 1);
      }
    },
    async press(prompt, presser, label, elsewhere = false) {
      const handle = prompt.handle as SlackHandle;
      const button = handle.blocks.flatMap((block) => block.elements ?? []).find((e) => e.text.text === label)!;
      ephemeralBefore = slack.callsTo("chat.postEphemeral").length;
      const payload = blockActions({
        user: { id: slackUsers[presser], username: presser },
        channel: elsewhere ? "C0OTHER" : DM,
        message: { ts: elsewhere ? slack.nextTs() : handle.ts },
        actionId: button.action_id,
      });
      const response = await postSignedInteraction(eventsUrl, secret, payload);
      if (!response.ok) throw new Error(`the events endpoint answered ${response.status}`);
    },
    async toldPresser() {
      const calls = await slack.waitForCalls("chat.postEphemeral", ephemeralBefore + 1);
      return String(calls.at(-1)!.text);
    },
    async updated(prompt, count = 1) {
      while (updatesOf(prompt).length < count)
        await slack.waitForCalls("chat.update", slack.callsTo("chat.update").length + 1);
      return shownOf(blocksOf(updatesOf(prompt)[count - 1]!.blocks));
    },
    updatesOf: (prompt) => updatesOf(prompt).length,
    nextToolResult: () => toolResultAfter(model, model.requests.length),
    async close() {
      await skein.stop();
      await slack.close();
      await model.close();
      await rm(home, { recursive: true, force: true });
    },
  };
}

const MALLORY = { ...BOB, id: "100000000000000066", username: "mallory", global_name: "Mallory" };
const discordUsers = { requester: ALICE, approver: BOB, stranger: MALLORY } as const;

/** Discord text as its users see it: backslash escapes resolved. */
export function shownOnDiscord(content: string): string {
  return content.replace(/\\([^A-Za-z0-9\s])/g, "$1");
}

/** Whether Discord would read any of `content` as markup: an unescaped markup character or sequence. */
function discordMarkupIn(content: string): boolean {
  const unescaped = content.replace(/\\[^A-Za-z0-9\s]/g, "");
  return /[*`|~<@[\]]|(^|\n) *(>|#|-|\+|\d+\.)|(?<![A-Za-z0-9])_|_(?![A-Za-z0-9])/.test(unescaped);
}

/** Discord: Alice's DM; Bob is in tools.approvers; Mallory presses from the same DM. */
export async function discordPlatform(timeoutSeconds = 30): Promise<ApprovalPlatform> {
  const discord = await FakeDiscord.start();
  const model = await FakeOpenAI.start();
  const calls: PlannedCall[] = [];
  scriptedModel(model, calls);
  const home = await homeWithConfig("discord", {
    approvers: [`discord:${BOB.id}`],
    approval_timeout: timeoutSeconds,
  });
  const skein = spawnSkein(["start"], {
    cwd: home,
    env: {
      ...baseEnv(home, model),
      DISCORD_BOT_TOKEN: "test-token",
      DISCORD_API_URL: discord.apiUrl,
      DISCORD_ALLOW_FROM: ALICE.id,
      DISCORD_STREAMING: "false",
    },
  });
  await skein.waitFor("discord connected");
  type Sent = (typeof discord.sent)[number];
  type Components = Array<{ components: Array<{ label: string; custom_id: string }> }>;
  const returned = new Set<string>();
  const editsOf = (prompt: ShownPrompt) =>
    discord.edits.filter((edit) => edit.messageId === (prompt.handle as Sent).id);
  let callbacksBefore = 0;
  return {
    name: "discord",
    model,
    workspace: join(home, "workspace"),
    ask(call) {
      calls.push(call);
      discord.dm(`go ${calls.length - 1}`, ALICE);
    },
    async nextPrompt() {
      for (;;) {
        const sent = discord.sent.find(
          (message) => (message.body.components as Components | undefined)?.length && !returned.has(message.id),
        );
        if (sent) {
          returned.add(sent.id);
          const content = String(sent.body.content);
          const labels = (sent.body.components as Components).flatMap((row) => row.components.map((b) => b.label));
          // The fake updates `sent` when the prompt is edited: keep the buttons as they were posted.
          const handle = { ...sent, body: structuredClone(sent.body) };
          return { shown: shownOnDiscord(content), markupFree: !discordMarkupIn(content), labels, handle };
        }
        await discord.waitForSent(discord.sent.length + 1);
      }
    },
    async press(prompt, presser, label, elsewhere = false) {
      const sent = prompt.handle as Sent;
      const button = (sent.body.components as Components)
        .flatMap((row) => row.components)
        .find((b) => b.label === label)!;
      callbacksBefore = discord.callbacks.length;
      const where = elsewhere ? { ...sent, id: `${sent.id.slice(0, -3)}999`, channelId: GENERAL_CHANNEL_ID } : sent;
      discord.pressButton(where, button.custom_id, discordUsers[presser]);
    },
    async toldPresser() {
      while (discord.callbacks.length <= callbacksBefore)
        await new Promise((resolve) => discord.once("callback", resolve));
      const callback = discord.callbacks[callbacksBefore]!;
      return String(callback.body.data?.content);
    },
    async updated(prompt, count = 1) {
      while (editsOf(prompt).length < count) await new Promise((resolve) => discord.once("edited", resolve));
      return shownOnDiscord(String(editsOf(prompt)[count - 1]!.body.content));
    },
    updatesOf: (prompt) => editsOf(prompt).length,
    nextToolResult: () => toolResultAfter(model, model.requests.length),
    async close() {
      await skein.stop();
      await discord.close();
      await model.close();
      await rm(home, { recursive: true, force: true });
    },
  };
}

export const PLATFORMS = { telegram: telegramPlatform, slack: slackPlatform, discord: discordPlatform } as const;
