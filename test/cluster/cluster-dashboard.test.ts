import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TelegramChannel } from "../../channels/telegram/telegram-channel.js";
import type { ExtraChannelDeps } from "../../src/daemon.js";
import { scriptToolCalls } from "../approvals/scripted-model.js";
import { fastOptions } from "../channels/telegram/harness.js";
import { FakeOpenAI } from "../fakes/fake-openai.js";
import { FakeTelegram, type FakeUser, type SentMessage } from "../fakes/fake-telegram.js";
import { DashboardClient, send } from "../support/dashboard-client.js";
import { openEventStream } from "../support/event-stream.js";
import { type RedisServer, redisSkipReason, startRedisServer } from "../support/redis-server.js";
import { waitUntil } from "../support/wait-until.js";
import { type ClusterDaemon, chatHandledBy, startClusterDaemon, waitForEvenPartitions } from "./cluster-daemons.js";

/**
 * Two daemons on one Redis, each serving the dashboard (as two machines running `skein start`):
 * what one process does shows on the other's dashboard, and what is decided on either takes
 * effect in the process it concerns. One pair for the file.
 */
describe.skipIf(redisSkipReason)("the dashboard in a cluster of two processes", () => {
  let redis: RedisServer;
  let telegram: FakeTelegram;
  let model: FakeOpenAI;
  let a: ClusterDaemon;
  let b: ClusterDaemon;
  /** One browser session (login on A), used on A and on B. */
  let onA: DashboardClient;
  let onB: DashboardClient;

  /** A Telegram user (id from `from`) whose private chat `member` handles now. */
  const userHandledBy = async (member: ClusterDaemon, from: number): Promise<FakeUser> => {
    const id = Number(await chatHandledBy(member, "telegram", (index) => String(from + index)));
    return { id, first_name: `User ${id}`, username: `user${id}` };
  };
  /** The next message the bot sends to `user` after the `after` first ones, once it arrives. */
  const nextTo = async (user: FakeUser, after: number): Promise<SentMessage> => {
    for (let count = after + 1; ; count++) {
      const found = (await telegram.waitForSent(count)).slice(after).find((sent) => sent.chat_id === user.id);
      if (found) return found;
    }
  };
  const say = async (user: FakeUser, text: string): Promise<SentMessage> => {
    const before = telegram.sent.length;
    telegram.userMessage({ id: user.id, type: "private" }, user, text);
    return nextTo(user, before);
  };

  beforeAll(async () => {
    redis = await startRedisServer({ tcp: true });
    telegram = await FakeTelegram.start();
    model = await FakeOpenAI.start();
    scriptToolCalls(model);
    const start = () =>
      startClusterDaemon({
        redisUrl: redis.tcpUrl!,
        model,
        service: true,
        env: {
          TELEGRAM_BOT_TOKEN: telegram.token,
          TELEGRAM_API_ROOT: telegram.apiRoot,
          TELEGRAM_STREAMING: "false",
        },
        config: {
          tools: { approval: "ask", approval_timeout: 30 },
          // Users 1000-1049 may talk; the others get a pairing code.
          channels: { telegram: { allow_from: Array.from({ length: 50 }, (_, index) => String(1_000 + index)) } },
        },
        channels: [
          {
            name: "telegram",
            create: ({ config, ...deps }: ExtraChannelDeps) =>
              new TelegramChannel({ ...deps, settings: config.channels.telegram }, fastOptions),
          },
        ],
      });
    [a, b] = [await start(), await start()];
    await waitForEvenPartitions([a, b]);
    onA = await DashboardClient.login(a.home);
    onB = onA.at(b.port!);
  }, 60_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await telegram?.close();
    await model?.close();
    await redis?.stop();
  });

  it("shows B's browser live a Telegram conversation A answered, and lists it on B with its tool call, found by search", async () => {
    const bob = await userHandledBy(a, 1_000);
    const key = `telegram:${bob.id}`;
    const answeredInA: string[] = [];
    const stop = a.daemon.onOutcome((outcome) => answeredInA.push(outcome.sessionKey));
    const events = await openEventStream(b.port!, "/api/events", { cookie: onB.cookie });
    try {
      expect((await say(bob, "read: ferns.txt")).visibleText).toMatch(/^tool said: /);
      await events.until(
        (seen) => seen.some((event) => event.event === "conversation" && (event.data as { key?: string }).key === key),
        "B's browser is told of the conversation A answered",
      );
    } finally {
      events.close();
      stop();
    }
    expect(answeredInA).toEqual([key]);

    const listed = await onB.get<{ conversations: Array<Record<string, unknown>> }>("/api/conversations");
    expect(listed.status).toBe(200);
    const entry = listed.body.conversations.find((conversation) => conversation.key === key);
    expect(entry).toMatchObject({
      channel: "telegram",
      chat_id: String(bob.id),
      agent: "main",
      title: "read: ferns.txt",
      message_count: 4,
    });
    expect(Date.now() - Date.parse(entry!.last_activity as string)).toBeLessThan(60_000);

    const transcript = await onB.get<{ messages: Array<Record<string, unknown>> }>(
      `/api/conversations/${encodeURIComponent(key)}`,
    );
    expect(transcript.body.messages.map((message) => message.role)).toEqual(["user", "assistant", "tool", "assistant"]);
    expect(transcript.body.messages[1]!.tool_calls).toEqual([
      expect.objectContaining({ name: "read_file", arguments: JSON.stringify({ path: "ferns.txt" }) }),
    ]);

    const found = await onB.get<{ conversations: Array<{ key: string; match: string }> }>("/api/conversations?q=FERNS");
    expect(found.body.conversations.map((conversation) => conversation.key)).toEqual([key]);
    expect(found.body.conversations[0]!.match).toContain("ferns.txt");
    expect((await onB.get("/api/conversations?q=ferns&channel=slack")).body).toEqual({ conversations: [] });
  });

  it("runs a call waiting in A once it is approved on B's dashboard", async () => {
    const carol = await userHandledBy(a, 1_020);
    const prompted = telegram.sent.length;
    telegram.userMessage({ id: carol.id, type: "private" }, carol, "shell: echo approved-on-b");
    expect((await nextTo(carol, prompted)).visibleText).toContain("Approval needed");
    const pending = await onB.get<{ pending: Array<{ id: string; tool: string; chat: string }> }>("/api/approvals");
    expect(pending.body.pending).toEqual([
      expect.objectContaining({ tool: "exec_shell", chat: `telegram:${carol.id}` }),
    ]);

    const replied = telegram.sent.length;
    const decided = await onB.call("POST", `/api/approvals/${pending.body.pending[0]!.id}`, { decision: "once" });
    expect(decided.status, decided.text).toBe(200);
    expect((await nextTo(carol, replied)).visibleText).toMatch(/^tool said: .*approved-on-b/);
    expect((await onA.get<{ pending: unknown[] }>("/api/approvals")).body.pending).toEqual([]);
  });

  it("saves into A's inbox a file attached in B's web chat, when A runs the conversation's turn", async () => {
    const conversation = await chatHandledBy(a, "web", (index) => `upload-${index}`);
    const upload = await send(b.port!, `/api/chat/files?conversation=${conversation}`, {
      method: "POST",
      headers: {
        cookie: onB.cookie,
        "x-csrf-token": onB.csrf,
        origin: `http://127.0.0.1:${b.port}`,
        "x-file-name": "numbers.txt",
        "content-type": "text/plain",
      },
      body: "quarterly numbers: 42",
    });
    expect(upload.status, upload.body).toBe(200);
    const asked = model.requests.length;
    const said = await onB.call("POST", "/api/chat", { conversation, text: "summarise the file" });
    expect(said.status, said.text).toBe(202);
    await waitUntil(() => model.requests.length > asked, "the model is asked");
    const told = JSON.stringify(model.requests.at(-1)!.body.messages.at(-1));
    const saved = /saved to (inbox\/web\/[^ ]+?) \(/.exec(told)?.[1];
    expect(saved, told).toMatch(new RegExp(`^inbox/web/${conversation}/\\d{4}-\\d{2}-\\d{2}-numbers\\.txt$`));
    expect(await readFile(join(a.home, "workspace", saved!), "utf8")).toBe("quarterly numbers: 42");
  });

  it("admits on B a stranger whose pairing code was approved on A's dashboard", async () => {
    const stranger = await userHandledBy(b, 5_000);
    expect((await say(stranger, "hello?")).visibleText).toContain("pairing code");
    const pairing = await onA.get<{ pending: Array<{ channel: string; code: string; sender_id: string }> }>(
      "/api/pairing",
    );
    const code = pairing.body.pending.find((entry) => entry.sender_id === String(stranger.id));
    expect(code).toMatchObject({ channel: "telegram" });

    const approved = await onA.call("POST", "/api/pairing/approve", { channel: "telegram", code: code!.code });
    expect(approved.status, approved.text).toBe(200);
    expect((await say(stranger, "let me in")).visibleText).toBe("echo: let me in");
    expect((await onB.get<{ pending: unknown[] }>("/api/pairing")).body.pending).toEqual([]);
  });
});
