/**
 * The cost of the durable journal: a Telegram DM's round trip (the update queued at the fake
 * Bot API until the fake accepted the reply) and turns per second, through the real Telegram
 * channel and agent loop with an instant model, once with the file journal (fsync before the
 * getUpdates offset is confirmed) and once with the in-memory journal (the bench-only baseline).
 */
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { pino } from "pino";
import { TelegramChannel } from "../channels/telegram/telegram-channel.js";
import { AgentLoop } from "../src/agent/agent-loop.js";
import { ContextBuilder } from "../src/agent/context/context.js";
import { SessionFiles } from "../src/agent/sessions/sessions.js";
import { openFileJournal } from "../src/bus/file-journal.js";
import { MessageBus } from "../src/bus/message-bus.js";
import { configSchema } from "../src/config/schema.js";
import type { LlmProvider } from "../src/providers/provider.js";
import { ToolRegistry } from "../src/tools/registry.js";
import { FakeTelegram } from "../test/fakes/fake-telegram.js";

export interface RoundTrips {
  /** Milliseconds from the update queued to the reply accepted, one DM at a time. */
  roundTrips: number[];
  turnsPerSecond: number;
}

const instant: LlmProvider = {
  name: "instant",
  chat: async () => ({ content: "ok", toolCalls: [], finishReason: "stop" }),
};

/** Runs `sequential` DMs one by one, then `burst` DMs over 50 chats at once. */
export async function journalRoundTrips(
  home: string,
  durable: boolean,
  sequential = 400,
  burst = 2_000,
): Promise<RoundTrips> {
  const log = pino({ level: "silent" });
  await mkdir(home, { recursive: true });
  const telegram = await FakeTelegram.start();
  const journal = durable
    ? await openFileJournal({ dir: join(home, "state"), log, maxMessageAgeSeconds: 86_400 })
    : undefined;
  const bus = new MessageBus({ journal });
  const config = configSchema.parse({
    agents: { defaults: { model: "m", max_concurrent_turns: 8 } },
    channels: { telegram: { token: telegram.token, api_root: telegram.apiRoot, streaming: false } },
  });
  const channel = new TelegramChannel(
    { settings: config.channels.telegram, bus, log, home },
    { pollingTimeoutSeconds: 1 },
  );
  let delivered = 0;
  let onDelivered: (() => void) | undefined;
  bus.registerChannel("telegram", async (message, options) => {
    const receipt = await channel.send(message, options);
    delivered++;
    onDelivered?.();
    return receipt;
  });
  const sessions = new SessionFiles({ dir: join(home, "sessions"), log });
  const agent = new AgentLoop({
    bus,
    provider: instant,
    registry: new ToolRegistry({ log }),
    sessions,
    context: new ContextBuilder({ workspace: join(home, "workspace"), log }),
    agent: config.agents.defaults,
    log,
  });
  const controller = new AbortController();
  await channel.start(controller.signal);
  agent.start();
  const deliveredCount = (count: number) =>
    new Promise<void>((resolve) => {
      if (delivered >= count) return resolve();
      onDelivered = () => {
        if (delivered < count) return;
        onDelivered = undefined;
        resolve();
      };
    });
  const dm = (user: number, text: string) =>
    telegram.userMessage({ id: user, type: "private" }, { id: user, first_name: "Ada" }, text);
  try {
    const roundTrips: number[] = [];
    for (let index = 0; index < sequential; index++) {
      const started = performance.now();
      const done = deliveredCount(delivered + 1);
      dm(1_000 + (index % 20), `question ${index}`);
      await done;
      if (index >= 50) roundTrips.push(performance.now() - started);
    }
    const started = performance.now();
    const done = deliveredCount(delivered + burst);
    for (let index = 0; index < burst; index++) dm(2_000 + (index % 50), `burst ${index}`);
    await done;
    const turnsPerSecond = burst / ((performance.now() - started) / 1000);
    return { roundTrips, turnsPerSecond };
  } finally {
    bus.closeIntake();
    await agent.stop(1_000);
    await sessions.flush();
    await channel.stop();
    controller.abort();
    await bus.close();
    await telegram.close();
  }
}
