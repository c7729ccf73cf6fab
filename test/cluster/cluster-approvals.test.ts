import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { TelegramChannel } from "../../channels/telegram/telegram-channel.js";
import type { TurnOutcome } from "../../src/agent/agent-loop.js";
import type { ExtraChannelDeps } from "../../src/daemon.js";
import { scriptToolCalls } from "../approvals/scripted-model.js";
import { fastOptions } from "../channels/telegram/harness.js";
import { FakeOpenAI } from "../fakes/fake-openai.js";
import { type FakeChat, FakeTelegram, type FakeUser, type SentMessage } from "../fakes/fake-telegram.js";
import { redisSkipReason } from "../support/redis-server.js";
import { waitUntil } from "../support/wait-until.js";
import {
  type ClusterDaemon,
  chatHandledBy,
  startClusterDaemon,
  useRedisServer,
  waitForEvenPartitions,
} from "./cluster-daemons.js";

type Keyboard = { inline_keyboard: Array<Array<{ text: string; callback_data: string }>> };

describe.skipIf(redisSkipReason)("tool approvals in a cluster, with Telegram", () => {
  const redisServer = useRedisServer({ tcp: true });
  let telegram: FakeTelegram;
  let model: FakeOpenAI;
  let daemons: ClusterDaemon[];
  beforeEach(async () => {
    telegram = await FakeTelegram.start();
    model = await FakeOpenAI.start();
    scriptToolCalls(model);
    daemons = [];
  });
  afterEach(async () => {
    for (const daemon of daemons) await daemon.close();
    await telegram.close();
    await model.close();
  });

  const start = async () => {
    const create = ({ config, ...deps }: ExtraChannelDeps) =>
      new TelegramChannel({ ...deps, settings: config.channels.telegram }, fastOptions);
    const daemon = await startClusterDaemon({
      redisUrl: redisServer().tcpUrl!,
      model,
      env: { TELEGRAM_BOT_TOKEN: telegram.token, TELEGRAM_API_ROOT: telegram.apiRoot, TELEGRAM_ALLOW_FROM: "*" },
      config: { tools: { approval: "ask", approval_timeout: 30 } },
      channels: [{ name: "telegram", create }],
    });
    daemons.push(daemon);
    return daemon;
  };

  /** A Telegram user whose private chat `member` handles now. */
  const userHandledBy = async (member: ClusterDaemon): Promise<FakeUser> => {
    const id = Number(await chatHandledBy(member, "telegram", (index) => String(1_000 + index)));
    return { id, first_name: `User ${id}`, username: `user${id}` };
  };
  const button = (prompt: SentMessage, label: string) =>
    (prompt.payload.reply_markup as Keyboard).inline_keyboard.flat().find((candidate) => candidate.text === label)!
      .callback_data;

  it("decides the call waiting in one process with a button press the polling process received", async () => {
    const both = [await start(), await start()];
    const receives = (member: ClusterDaemon) => member.daemon.status().channels.telegram?.lease?.role === "receiving";
    await waitUntil(() => both.some(receives), "one daemon polls Telegram", 15_000);
    const poller = both.find(receives)!;
    const worker = both.find((member) => member !== poller)!;
    await waitForEvenPartitions(both);
    const user = await userHandledBy(worker);
    const chat: FakeChat = { id: user.id, type: "private" };
    const outcomes: TurnOutcome[] = [];
    worker.daemon.onOutcome((outcome) => outcomes.push(outcome));

    telegram.userMessage(chat, user, "shell: echo approved-across");
    await telegram.waitForCall("sendMessage", (call) => call.payload.reply_markup !== undefined);
    const prompt = telegram.sent.find((sent) => sent.payload.reply_markup !== undefined)!;
    expect(prompt.visibleText).toContain("Approval needed: the agent wants to run exec_shell");

    const stranger: FakeUser = { id: 9, first_name: "Mallory" };
    telegram.pressButton(prompt, stranger, button(prompt, "Allow once"));
    const refusal = await telegram.waitForCall("answerCallbackQuery", (call) => call.payload.show_alert === true);
    expect(refusal.payload.text).toBe("Not yours to approve.");

    telegram.pressButton(prompt, user, button(prompt, "Allow once"));
    const edit = await telegram.waitForCall("editMessageText", (call) => call.payload.message_id === prompt.message_id);
    expect(String(edit.payload.text)).toContain(`✅ Allowed once by @user${user.id}`);
    await waitUntil(() => outcomes.length === 1, "the worker finished the turn");
    expect(outcomes[0]).toMatchObject({ status: "answered", message: { chatId: String(user.id) } });
    expect(outcomes[0]?.reply).toMatch(/^tool said: .*approved-across/);
    // The poller logs the relay once Redis answered it, which may be after the worker finished the turn.
    await waitUntil(
      () => poller.lines.some((line) => line.msg === "approval press relayed" && line.outcome === "delivered"),
      "the poller logs the press as delivered",
    );
    expect(model.requests.at(-1)?.body.messages.at(-1)).toMatchObject({ role: "tool" });
  });
});
