import { EventEmitter } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Logger, pino } from "pino";
import { SlackChannel, type SlackChannelOptions } from "../../../channels/slack/slack-channel.js";
import { MessageBus } from "../../../src/bus/message-bus.js";
import type { InboundMessage } from "../../../src/bus/messages.js";
import { configSchema, type SkeinConfigInput } from "../../../src/config/schema.js";
import type { FakeSlack } from "../../fakes/fake-slack.js";
import { within } from "../../support/within.js";

/** Fast retries so that scripted 429s and failures cost milliseconds. */
export const fastRetries: SlackChannelOptions = {
  retryConfig: { retries: 2, minTimeout: 5, maxTimeout: 20 },
  reconnectDelayMs: 20,
};

/** A debug logger whose lines the test can wait for. */
export class LogRecorder {
  readonly lines: Array<Record<string, unknown>> = [];
  readonly #events = new EventEmitter();
  readonly log: Logger = pino({ level: "debug" }, { write: (line: string) => this.#record(line) });

  /** Resolves with the first line (seen or to come) that matches. */
  waitFor(matches: (line: Record<string, unknown>) => boolean): Promise<Record<string, unknown>> {
    const logged = new Promise<Record<string, unknown>>((resolve) => {
      const check = (): void => {
        const found = this.lines.find(matches);
        if (!found) return;
        this.#events.off("line", check);
        resolve(found);
      };
      this.#events.on("line", check);
      check();
    });
    return within(logged, `a log line satisfying ${matches}`, () => this.lines.map((line) => line.msg));
  }

  #record(line: string): void {
    this.lines.push(JSON.parse(line) as Record<string, unknown>);
    this.#events.emit("line");
  }
}

/** Resolves with `items[count - 1]` once it exists; `arrivals` emits "arrived" after each push. */
export function nthArrival<T>(items: readonly T[], arrivals: EventEmitter, count: number): Promise<T> {
  const arrived = new Promise<T>((resolve) => {
    const check = (): void => {
      const item = items[count - 1];
      if (item === undefined) return;
      arrivals.off("arrived", check);
      resolve(item);
    };
    arrivals.on("arrived", check);
    check();
  });
  return within(arrived, `arrival number ${count}`, () => `${items.length} arrived`);
}

export interface SlackHarness {
  channel: SlackChannel;
  bus: MessageBus;
  inbound: InboundMessage[];
  logs: LogRecorder;
  home: string;
  /** Resolves with the `count`th inbound message once it was published. */
  nthInbound(count: number): Promise<InboundMessage>;
  /** Waits until the channel logged that it ignored the event with this ts. */
  ignored(ts: string): Promise<string>;
  close(): Promise<void>;
}

/** A Slack channel on a real bus, configured against the fake (HTTP mode unless an app token is given). */
export async function slackHarness(
  fake: FakeSlack,
  slack: Record<string, unknown> = {},
  options: SlackChannelOptions = {},
): Promise<SlackHarness> {
  const home = await mkdtemp(join(tmpdir(), "skein-slack-"));
  const config = configSchema.parse({
    channels: {
      slack: {
        bot_token: "xoxb-good",
        signing_secret: "shh",
        port: 0,
        api_url: fake.apiUrl,
        allow_from: ["*"],
        ...slack,
      },
    },
  } satisfies SkeinConfigInput);
  const bus = new MessageBus();
  const logs = new LogRecorder();
  const channel = new SlackChannel(
    { settings: config.channels.slack, bus, log: logs.log, home },
    { ...fastRetries, ...options },
  );
  const inbound: InboundMessage[] = [];
  const arrivals = new EventEmitter();
  bus.onInbound((message) => {
    inbound.push(message);
    arrivals.emit("arrived");
  });
  bus.registerChannel("slack", (message) => channel.send(message));
  return {
    channel,
    bus,
    inbound,
    logs,
    home,
    nthInbound: (count) => nthArrival(inbound, arrivals, count),
    ignored: async (ts) => {
      const line = await logs.waitFor((entry) => entry.msg === "Slack event ignored" && entry.ts === ts);
      return String(line.reason);
    },
    close: async () => {
      await channel.stop();
      await rm(home, { recursive: true, force: true });
    },
  };
}
