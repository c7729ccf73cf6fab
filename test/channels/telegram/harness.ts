import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { type Logger, pino } from "pino";
import { TelegramChannel, type TelegramChannelOptions } from "../../../channels/telegram/telegram-channel.js";
import { MessageBus } from "../../../src/bus/message-bus.js";
import type { InboundMessage } from "../../../src/bus/messages.js";
import type { Channel } from "../../../src/channel-kit/channel.js";
import { configSchema, type SkeinConfigInput } from "../../../src/config/schema.js";
import { type FakeChat, FakeTelegram, type FakeUser } from "../../fakes/fake-telegram.js";
import { within } from "../../support/within.js";

type TelegramInput = NonNullable<NonNullable<SkeinConfigInput["channels"]>["telegram"]>;

/** Channel options that keep tests fast: short polls and retries. */
export const fastOptions: TelegramChannelOptions = {
  pollingTimeoutSeconds: 1,
  pollingRetryMs: 50,
  typingIntervalMs: 30,
  retry: { baseDelayMs: 5, maxDelayMs: 20 },
};

export const alice: FakeUser = { id: 111, first_name: "Alice", username: "alice" };
export const mallory: FakeUser = { id: 666, first_name: "Mallory", username: "mallory" };
export const aliceChat: FakeChat = { id: 111, type: "private" };
export const malloryChat: FakeChat = { id: 666, type: "private" };
export const group: FakeChat = { id: -100_200, type: "supergroup", title: "Team" };
export const forum: FakeChat = { id: -100_300, type: "supergroup", title: "Forum", is_forum: true };

/** A reply of about 10,000 characters: prose, a long code block, a list. */
export function longReply(): string {
  const prose = "Telegram limits each message to 4096 characters, so long answers are cut. ".repeat(40);
  const code = Array.from(
    { length: 120 },
    (_, index) => `    result_${index} = compute(${index}) * 2  # step ${index}`,
  ).join("\n");
  const list = Array.from({ length: 30 }, (_, index) => `- item number ${index} with **bold** text`).join("\n");
  return `# Report\n\n${prose}\n\n\`\`\`python\n${code}\n\`\`\`\n\n${list}\n\n${prose}`;
}

/** Log lines written while a test runs, parsed. */
export function captureLog(): {
  log: Logger;
  lines: Array<Record<string, unknown>>;
  waitFor: (pattern: RegExp) => Promise<Record<string, unknown>>;
} {
  const lines: Array<Record<string, unknown>> = [];
  const waiters: Array<{ pattern: RegExp; resolve: (line: Record<string, unknown>) => void }> = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      for (const text of String(chunk).split("\n").filter(Boolean)) {
        const line = JSON.parse(text) as Record<string, unknown>;
        lines.push(line);
        for (const waiter of [...waiters]) {
          if (!waiter.pattern.test(String(line.msg))) continue;
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(line);
        }
      }
      done();
    },
  });
  return {
    log: pino({ level: "debug" }, destination),
    lines,
    waitFor: (pattern) => {
      const found = lines.find((line) => pattern.test(String(line.msg)));
      if (found) return Promise.resolve(found);
      const logged = new Promise<Record<string, unknown>>((resolve) => waiters.push({ pattern, resolve }));
      return within(logged, `a log line matching ${pattern}`, () => lines.map((line) => line.msg));
    },
  };
}

/** Timer functions for the typing indicator that keep track of the intervals still running. */
export function recordingTimers() {
  const active = new Set<NodeJS.Timeout>();
  const timers = {
    setInterval: ((tick: () => void, ms: number) => {
      const timer = setInterval(tick, ms);
      active.add(timer);
      return timer;
    }) as typeof setInterval,
    clearInterval: ((timer: NodeJS.Timeout) => {
      active.delete(timer);
      clearInterval(timer);
    }) as typeof clearInterval,
  };
  return { active, timers };
}

export interface ChannelHarness {
  fake: FakeTelegram;
  bus: MessageBus;
  channel: Channel;
  home: string;
  log: ReturnType<typeof captureLog>;
  inbound: InboundMessage[];
  /** Resolves with the next inbound message published (or the n-th overall). */
  nextInbound(): Promise<InboundMessage>;
  close(): Promise<void>;
}

/** A started Telegram channel talking to a fake Bot API server, publishing on a bare bus. */
export async function startChannel(
  telegram: TelegramInput = {},
  options: TelegramChannelOptions = {},
): Promise<ChannelHarness> {
  const fake = await FakeTelegram.start();
  const home = await mkdtemp(join(tmpdir(), "skein-telegram-"));
  const log = captureLog();
  const bus = new MessageBus();
  const config = configSchema.parse({
    channels: { telegram: { token: fake.token, api_root: fake.apiRoot, ...telegram } },
  });
  const channel = new TelegramChannel(
    { settings: config.channels.telegram, bus, log: log.log, home },
    { ...fastOptions, ...options },
  );
  bus.registerChannel("telegram", (message) => channel.send(message));
  const inbound: InboundMessage[] = [];
  const waiting: Array<(message: InboundMessage) => void> = [];
  bus.onInbound((message) => {
    inbound.push(message);
    waiting.shift()?.(message);
  });
  const controller = new AbortController();
  await channel.start(controller.signal);
  return {
    fake,
    bus,
    channel,
    home,
    log,
    inbound,
    nextInbound: () =>
      within(new Promise<InboundMessage>((resolve) => waiting.push(resolve)), "the next inbound message", () =>
        inbound.map((message) => message.text),
      ),
    async close() {
      await channel.stop();
      controller.abort();
      await fake.close();
      await rm(home, { recursive: true, force: true });
    },
  };
}
