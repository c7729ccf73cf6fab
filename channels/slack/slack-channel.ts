import { App, HTTPReceiver, type Receiver, SocketModeReceiver, webApi } from "@slack/bolt";
import type { Logger } from "pino";
import type { DeliveryReceipt, InboundMessage, MediaAttachment, OutboundMessage } from "../../src/bus/messages.js";
import type { ApprovalHandle, ApprovalPrompt } from "../../src/channel-kit/approval.js";
import {
  type DownloadOptions,
  type DownloadResult,
  downloadAttachment,
} from "../../src/channel-kit/attachment-download.js";
import {
  type Channel,
  type ChannelDeps,
  ChannelError,
  type ChannelStatus,
  type SendOptions,
  type WorkingIndicator,
} from "../../src/channel-kit/channel.js";
import type { ReplyStream, ReplyTarget, StreamResume } from "../../src/channel-kit/reply-stream.js";
import { StreamedReply } from "../../src/channel-kit/streamed-reply.js";
import { ackAfterRecord } from "./ack-after-record.js";
import { listenForSlackPresses, postSlackApproval, settleSlackApproval } from "./approval.js";
import { boltLogger } from "./bolt-logger.js";
import { toChannelError } from "./errors.js";
import {
  decideEvent,
  type EventDecision,
  mentionedUserIds,
  parseSlackMessageId,
  readableSlackText,
  type SlackMessageEvent,
  slackFileSource,
} from "./inbound.js";
import { sendSlackMessage } from "./outbound.js";
import type { SlackSettings } from "./settings.js";
import { SocketSupervisor } from "./socket-supervisor.js";
import { slackEditFloorMs, slackStreamTransport } from "./stream.js";
import { UserDirectory } from "./user-directory.js";

/** The retry policy of Web API calls: 429s wait for Retry-After, network errors and 5xx back off. */
const defaultRetryConfig: webApi.RetryOptions = {
  retries: 3,
  factor: 2,
  minTimeout: 1_000,
  maxTimeout: 30_000,
  randomize: true,
};

/** Tuning for tests; the daemon uses the defaults. */
export interface SlackChannelOptions {
  /** Retry policy of the Web API clients (default: 3 retries, 1 s doubling, at most 30 s). */
  retryConfig?: webApi.RetryOptions;
  /** Timeout of one Web API request in ms (default 30 s). */
  requestTimeoutMs?: number;
  /** First delay before a Socket Mode reconnect, doubled per failed attempt (default 1 s). */
  reconnectDelayMs?: number;
  /** Fewest milliseconds between two requests on a streamed preview (default {@link slackEditFloorMs}). */
  streamFloorMs?: number;
}

type AcceptedEvent = Extract<EventDecision, { type: "accept" }>;
type WebClient = webApi.WebClient;

/** Slack over Bolt: Socket Mode with an app token, else the HTTP Events API with signed requests. */
export class SlackChannel implements Channel {
  readonly name = "slack";
  readonly voiceNotes = true;
  readonly #config: SlackSettings;
  readonly #deps: ChannelDeps<SlackSettings>;
  readonly #log: Logger;
  readonly #options: SlackChannelOptions;
  #status: ChannelStatus = { state: "stopped", since: Date.now() };
  /** Sends replies: retries rate limits and transient failures. */
  #client?: WebClient;
  /** Reactions and name lookups: a few seconds at most, one retry, no waiting on rate limits. */
  #quickClient?: WebClient;
  /** A streamed reply's preview posts and edits: a rate limit is the stream's to skip, never waited for. */
  #streamClient?: WebClient;
  #app?: App;
  #users?: UserDirectory;
  #supervisor?: SocketSupervisor;
  #identity?: { botUserId: string; botId?: string; name?: string };
  #port?: number;
  /** Per chat, the last message still waiting for its name lookups, so that messages are published in arrival order. */
  readonly #publishing = new Map<string, Promise<void>>();

  constructor(deps: ChannelDeps<SlackSettings>, options: SlackChannelOptions = {}) {
    this.#deps = deps;
    this.#config = deps.settings;
    this.#log = deps.log.child({ channel: "slack" });
    this.#options = options;
  }

  /** The port the HTTP Events API listens on, once started in HTTP mode. */
  get port(): number | undefined {
    return this.#port;
  }

  /** The bot's user id, once started. */
  get botUserId(): string | undefined {
    return this.#identity?.botUserId;
  }

  status(): ChannelStatus {
    const name = this.#identity?.name;
    return { ...this.#status, ...(name && { account: `@${name}` }) };
  }

  async start(signal: AbortSignal): Promise<void> {
    this.#setStatus("starting");
    try {
      await this.#start(signal);
    } catch (error) {
      const failure = error instanceof ChannelError ? error : toChannelError(error, "starting Slack");
      this.#setStatus("failed", failure.message);
      await this.#app?.stop().catch(() => {});
      throw failure;
    }
  }

  async #start(signal: AbortSignal): Promise<void> {
    const { bot_token: token, app_token: appToken, signing_secret: signingSecret } = this.#config;
    if (!token) throw new ChannelError("config", "slack", "SLACK_BOT_TOKEN is not set");
    if (!appToken && !signingSecret) {
      throw new ChannelError(
        "config",
        "slack",
        "Slack needs SLACK_APP_TOKEN (Socket Mode) or SLACK_SIGNING_SECRET (HTTP Events API on SLACK_PORT)",
      );
    }
    const clientOptions = this.#clientOptions();
    this.#client = new webApi.WebClient(token, clientOptions);
    this.#client.on(webApi.WebClientEvent.RATE_LIMITED, (seconds: number) =>
      this.#log.warn({ retryAfterSeconds: seconds }, "Slack rate limit: waiting before retrying"),
    );
    this.#quickClient = new webApi.WebClient(token, {
      ...clientOptions,
      retryConfig: { retries: 1, minTimeout: 100 },
      timeout: 3_000,
      // A rate-limited reaction or name lookup is skipped, never waited for.
      rejectRateLimitedCalls: true,
    });
    this.#streamClient = new webApi.WebClient(token, { ...clientOptions, rejectRateLimitedCalls: true });
    this.#users = new UserDirectory({ usersInfo: (args) => this.#quickClient!.users.info(args), log: this.#log });

    this.#identity = await this.#authTest(this.#client);
    const receiver = appToken ? this.#socketReceiver(appToken) : this.#httpReceiver(signingSecret ?? "");
    const app = new App({
      receiver,
      token,
      botUserId: this.#identity.botUserId,
      ...(this.#identity.botId ? { botId: this.#identity.botId } : {}),
      clientOptions,
      // Its own messages are dropped by decideEvent, with every other message skein ignores.
      ignoreSelf: false,
      logger: boltLogger(this.#log.child({ component: "bolt" })),
    });
    this.#app = app;
    if (receiver instanceof SocketModeReceiver) ackAfterRecord(receiver, () => this.#app, this.#log);
    app.event("app_mention", async ({ event, body }) =>
      this.#receive(event as unknown as SlackMessageEvent, teamIdOf(body)),
    );
    app.event("message", async ({ event, body }) =>
      this.#receive(event as unknown as SlackMessageEvent, teamIdOf(body)),
    );
    listenForSlackPresses(app, this.#deps.approvals, this.#log);
    app.error(async (error) => {
      this.#log.error({ err: error }, "a Slack event could not be processed");
      // Not acknowledged (HTTP 500, or no Socket Mode ack): Slack sends it again.
      throw error;
    });

    const onAbort = () => void this.stop();
    signal.addEventListener("abort", onAbort, { once: true });
    try {
      const started: unknown = await app.start();
      const address = (started as { address?: () => unknown } | undefined)?.address?.();
      if (address && typeof address === "object" && "port" in address) this.#port = Number(address.port);
    } catch (error) {
      // The supervisor retries with a fresh channel: this one must not stay on the daemon's signal.
      signal.removeEventListener("abort", onAbort);
      const failure = toChannelError(
        error,
        appToken ? "opening the Socket Mode connection" : `listening on port ${this.#config.port}`,
      );
      if (failure.kind !== "auth") throw failure;
      throw new ChannelError("auth", "slack", `Slack rejected the app token (SLACK_APP_TOKEN): ${failure.message}`, {
        cause: error,
      });
    }
    this.#supervisor?.watch();
    this.#setStatus("connected");
    this.#log.info(
      {
        botUserId: this.#identity.botUserId,
        mode: appToken ? "socket" : "http",
        ...(this.#port !== undefined ? { port: this.#port } : {}),
      },
      appToken ? "Slack connected (Socket Mode)" : `Slack Events API listening on port ${this.#port} at /slack/events`,
    );
  }

  #clientOptions(): webApi.WebClientOptions {
    return {
      ...(this.#config.api_url ? { slackApiUrl: withTrailingSlash(this.#config.api_url) } : {}),
      retryConfig: this.#options.retryConfig ?? defaultRetryConfig,
      timeout: this.#options.requestTimeoutMs ?? 30_000,
      logger: boltLogger(this.#log.child({ component: "web-api" })),
    };
  }

  /** Learns who the bot is, so that Bolt need not call auth.test itself (unawaited). */
  async #authTest(client: WebClient): Promise<{ botUserId: string; botId?: string; name?: string }> {
    try {
      const result = await client.auth.test();
      if (!result.user_id) throw new ChannelError("auth", "slack", "auth.test returned no bot user id");
      return {
        botUserId: result.user_id,
        ...(result.bot_id ? { botId: result.bot_id } : {}),
        ...(result.user ? { name: result.user } : {}),
      };
    } catch (error) {
      const failure = toChannelError(error, "auth.test");
      if (failure.kind !== "auth") throw failure;
      throw new ChannelError("auth", "slack", `Slack rejected the bot token (SLACK_BOT_TOKEN): ${failure.message}`, {
        cause: error,
      });
    }
  }

  #socketReceiver(appToken: string): Receiver {
    const receiver = new SocketModeReceiver({
      appToken,
      logger: boltLogger(this.#log.child({ component: "socket-mode" })),
      // Reconnects are ours (SocketSupervisor): the client's own retry loop can neither be bounded nor observed.
      autoReconnectEnabled: false,
      installerOptions: { clientOptions: this.#clientOptions() },
    });
    this.#supervisor = new SocketSupervisor({
      client: receiver.client,
      log: this.#log,
      onStatus: (state, detail) => this.#setStatus(state, detail),
      ...(this.#options.reconnectDelayMs !== undefined ? { baseDelayMs: this.#options.reconnectDelayMs } : {}),
    });
    return receiver;
  }

  #httpReceiver(signingSecret: string): Receiver {
    return new HTTPReceiver({
      signingSecret,
      port: this.#config.port,
      endpoints: "/slack/events",
      // HTTP 200 only once the listener has recorded the message: Slack retries anything else.
      processBeforeResponse: true,
      logger: boltLogger(this.#log.child({ component: "events-api" })),
    });
  }

  async #receive(event: SlackMessageEvent, teamId: string | undefined): Promise<void> {
    const identity = this.#identity;
    if (!identity) return;
    const decision = decideEvent(event, { ...identity, groupPolicy: this.#config.group_policy });
    if (decision.type === "ignore") {
      this.#log.debug({ event: event.type, ts: event.ts, reason: decision.reason }, "Slack event ignored");
      return;
    }
    const ids = [decision.senderId, ...mentionedUserIds(decision.rawText).filter((id) => id !== identity.botUserId)];
    // Lookups start at once, but a message whose lookups are slow is not overtaken by a later one in its chat.
    const lookup = this.#users?.namesOf(ids) ?? Promise.resolve(new Map<string, string>());
    const previous = this.#publishing.get(decision.chatId);
    const publishing = (async () => {
      await previous?.catch(() => undefined); // its own failure is reported by its own event
      await this.#publish(decision, identity, await lookup, event.ts, teamId);
    })();
    this.#publishing.set(decision.chatId, publishing);
    try {
      await publishing;
    } finally {
      if (this.#publishing.get(decision.chatId) === publishing) this.#publishing.delete(decision.chatId);
    }
  }

  /** Records the message on the bus; resolves once it would survive a crash (Slack may then be acknowledged). */
  async #publish(
    decision: AcceptedEvent,
    identity: { botUserId: string },
    names: Map<string, string>,
    ts: string | undefined,
    teamId: string | undefined,
  ): Promise<void> {
    const senderName = names.get(decision.senderId);
    const message: InboundMessage = {
      id: decision.id,
      channel: this.name,
      chatId: decision.chatId,
      senderId: decision.senderId,
      ...(senderName ? { senderName } : {}),
      text: readableSlackText(decision.rawText, { botUserId: identity.botUserId, userNames: names }),
      ...(decision.threadId ? { threadId: decision.threadId } : {}),
      ...(teamId ? { teamId } : {}),
      isDirect: decision.isDirect,
      mentioned: decision.mentioned,
      receivedAt: timeOfTs(ts) ?? Date.now(),
      ...(decision.media ? { media: decision.media } : {}),
    };
    await this.#deps.bus.publishInbound(message);
  }

  async send(message: OutboundMessage, options?: SendOptions): Promise<DeliveryReceipt> {
    const client = this.#client;
    if (!client) throw new ChannelError("config", "slack", "the Slack channel has not been started");
    const messageIds = await sendSlackMessage(client, message, { log: this.#log }, options);
    return { channel: this.name, chatId: message.chatId, messageIds };
  }

  async askApproval(prompt: ApprovalPrompt): Promise<ApprovalHandle> {
    if (!this.#client) throw new ChannelError("config", "slack", "the Slack channel has not been started");
    return postSlackApproval(this.#client, prompt);
  }

  async settleApproval(prompt: ApprovalPrompt, handle: ApprovalHandle, text: string): Promise<void> {
    if (this.#client) await settleSlackApproval(this.#client, prompt, handle, text);
  }

  /** Downloads a shared file from its `url_private` with the bot token (the app needs the `files:read` scope). */
  fetchAttachment(attachment: MediaAttachment, options: DownloadOptions): Promise<DownloadResult> {
    return downloadAttachment(slackFileSource(attachment, this.#config.bot_token ?? ""), options);
  }

  /** A reply that grows as it is written: chat.postMessage in the thread, then chat.update (undefined when streaming is off). */
  openStream(target: ReplyTarget, resume?: StreamResume): ReplyStream | undefined {
    const client = this.#client;
    const streamClient = this.#streamClient;
    if (!this.#config.streaming || !client || !streamClient) return undefined;
    const log = this.#log.child({ chatId: target.chatId });
    const transport = slackStreamTransport(streamClient, client, target, { log });
    const floorMs = this.#options.streamFloorMs ?? slackEditFloorMs;
    const intervalMs = Math.max(this.#config.stream_interval * 1000, floorMs);
    return new StreamedReply(transport, { intervalMs, ...(resume && { resume }) }, log);
  }

  indicateWorking(message: InboundMessage): WorkingIndicator {
    const client = this.#quickClient;
    const target = parseSlackMessageId(message.id);
    if (!client || !target) return { end() {} };
    const reaction = { channel: target.channel, timestamp: target.ts, name: "eyes" };
    const added = client.reactions.add(reaction).then(
      () => true,
      (error: unknown) => {
        this.#log.debug({ err: error, chatId: target.channel }, "could not add the :eyes: reaction");
        return false;
      },
    );
    let ended = false;
    return {
      end: () => {
        if (ended) return;
        ended = true;
        void added.then(async (wasAdded) => {
          if (!wasAdded) return;
          await client.reactions.remove(reaction).catch((error: unknown) => {
            this.#log.debug({ err: error, chatId: target.channel }, "could not remove the :eyes: reaction");
          });
        });
      },
    };
  }

  async stop(): Promise<void> {
    if (this.#status.state === "stopped") return;
    this.#supervisor?.stop();
    const app = this.#app;
    this.#app = undefined;
    await app?.stop().catch((error: unknown) => this.#log.debug({ err: error }, "stopping Bolt failed"));
    this.#setStatus("stopped");
    this.#log.info("Slack channel stopped");
  }

  #setStatus(state: ChannelStatus["state"], detail?: string): void {
    this.#status = { state, since: Date.now(), ...(detail ? { detail } : {}) };
  }
}

function withTrailingSlash(url: string): string {
  return url.endsWith("/") ? url : `${url}/`;
}

/** When a Slack message was posted: its `ts` is epoch seconds with microseconds. */
function timeOfTs(ts: string | undefined): number | undefined {
  const seconds = Number(ts);
  return ts && Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds * 1000) : undefined;
}

/** The workspace (team) an event was delivered for: the `event_callback` envelope's `team_id`. */
function teamIdOf(body: unknown): string | undefined {
  const teamId = (body as { team_id?: unknown } | undefined)?.team_id;
  return typeof teamId === "string" && teamId !== "" ? teamId : undefined;
}
