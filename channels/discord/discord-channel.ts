import { join } from "node:path";
import { type Client, Events, type Message, REST, Routes } from "discord.js";
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
import { handleDiscordPress, postDiscordApproval, settleDiscordApproval } from "./approval.js";
import { catchUp } from "./catch-up.js";
import { CatchUpOrder } from "./catch-up-order.js";
import { DmChannels } from "./dm-channels.js";
import { closeCodeError, toChannelError } from "./errors.js";
import { destroyClient, gatewayClient, restBase, watchGateway } from "./gateway.js";
import { discordFileSource, looksContentless, toInboundMessage } from "./inbound.js";
import { LastSeenStore, lastSeenFile, lastSeenShared } from "./last-seen.js";
import { sendDiscordMessage } from "./outbound.js";
import type { DiscordSettings } from "./settings.js";
import { compareSnowflakes } from "./snowflake.js";
import { discordEditFloorMs, discordStreamTransport, rejectEditsOnRateLimit } from "./stream.js";
import { startTyping } from "./typing.js";

/** Tuning knobs, all with production defaults; tests shorten them. */
export interface DiscordChannelOptions {
  /** How often the typing indicator is renewed while a turn runs (Discord shows it for ~10 s). */
  typingIntervalMs?: number;
  /** Tries per chunk after discord.js's own retries gave up (network, 5xx). */
  sendAttempts?: number;
  /** Fewest milliseconds between two requests on a streamed preview (default {@link discordEditFloorMs}). */
  streamFloorMs?: number;
}

/**
 * The Discord channel on discord.js: DMs, and mentions in servers and threads.
 * Inbound messages go to the bus unfiltered apart from bots (the core's access gate
 * applies allow lists and the group policy); replies go out through discord.js's REST
 * client, which queues requests per rate-limit bucket and waits out 429s itself. Sending
 * needs no gateway: in cluster mode every process sends over REST, and only the one that
 * holds the gateway's lease receives.
 */
export class DiscordChannel implements Channel {
  readonly name = "discord";
  readonly voiceNotes = true;
  #client: Client | undefined;
  #status: ChannelStatus = { state: "stopped", since: Date.now() };
  #stopping = false;
  #warnedContentless = false;
  readonly #inFlight = new Set<Promise<unknown>>();
  readonly #indicators = new Set<WorkingIndicator>();
  /** The newest message recorded per channel: where catch-up resumes. */
  #lastSeen: LastSeenStore | undefined;
  /** Live messages of a channel being caught up wait for it: each channel's messages are recorded in snowflake order. */
  readonly #order = new CatchUpOrder();
  /** The catch-up running or last run: the next one starts after it. */
  #catchUpRun: Promise<void> = Promise.resolve();
  /** Aborted when receiving stops: a catch-up in progress ends (what it did not record is fetched at the next start). */
  #catchUpStop = new AbortController();
  /** Every request of the bot but the gateway's own: messages, edits, typing, prompts (works without a gateway). */
  readonly #rest: REST;
  /** Where a chat id is posted to: a channel as it is, a user id in that user's DM. */
  readonly #dms: DmChannels;
  /** Started, or opened for sending (cluster mode: the gateway then follows a lease the supervisor holds). */
  #opened = false;
  readonly #log: Logger;
  readonly #deps: ChannelDeps<DiscordSettings>;
  readonly #token: string;
  /** REST base without `/v10` (a proxy or a test server); the gateway URL comes from its `/gateway/bot`. */
  readonly #apiUrl: string | undefined;

  constructor(
    deps: ChannelDeps<DiscordSettings>,
    private readonly options: DiscordChannelOptions = {},
  ) {
    const { token, api_url: apiUrl } = deps.settings;
    if (!token) throw new ChannelError("config", "discord", "channels.discord.token (DISCORD_BOT_TOKEN) is not set");
    this.#deps = deps;
    this.#token = token;
    this.#apiUrl = apiUrl && restBase(apiUrl);
    this.#log = deps.log.child({ channel: "discord" });
    // A rate-limited edit of a streamed preview is skipped by the stream, never queued.
    this.#rest = new REST({
      rejectOnRateLimit: rejectEditsOnRateLimit,
      ...(this.#apiUrl && { api: this.#apiUrl }),
    }).setToken(token);
    this.#dms = new DmChannels({
      rest: this.#rest,
      userIds: () => deps.settings.allow_from,
      isKnownChannel: (id) => this.#client?.channels.cache.has(id) ?? false,
    });
  }

  status(): ChannelStatus {
    const name = this.#client?.user?.username;
    return name ? { ...this.#status, account: `@${name}` } : this.#status;
  }

  async start(signal: AbortSignal): Promise<void> {
    await this.startReceiving(signal);
    this.#opened = true;
    signal.addEventListener("abort", () => void this.stop(), { once: true });
  }

  /** Checks the token over REST (`GET /users/@me`) and is ready to send; no gateway until {@link startReceiving}. */
  async openForSending(signal: AbortSignal): Promise<void> {
    this.#setStatus("starting");
    try {
      await this.#rest.get(Routes.user(), { signal });
    } catch (error) {
      const failure = toChannelError(error, "check the bot token");
      this.#setStatus("failed", failure.message);
      throw failure;
    }
    signal.addEventListener("abort", () => void this.stop(), { once: true });
    this.#opened = true;
    this.#setStatus("connected");
  }

  /** Connects to the gateway and resolves once it is READY; catch-up of what was missed follows. */
  async startReceiving(signal: AbortSignal): Promise<void> {
    if (signal.aborted) throw new ChannelError("config", this.name, "start aborted before it began");
    this.#setStatus("starting");
    this.#catchUpStop = new AbortController();
    const client = gatewayClient(this.#apiUrl);
    const { sharedState } = this.#deps;
    if (sharedState) {
      // Another process may have received (and moved the marks) since this one last did.
      await this.#lastSeen?.flush();
      this.#lastSeen = await LastSeenStore.open(lastSeenShared(sharedState), this.#log);
    } else {
      const file = lastSeenFile(join(this.#deps.home, "state", "discord-last-seen.json"));
      this.#lastSeen ??= await LastSeenStore.open(file, this.#log);
    }
    // Live messages of these channels wait until catch-up has recorded what came before them.
    const catchUpChannels = this.#lastSeen.channels();
    this.#order.begin(catchUpChannels);
    this.#client = client;
    this.#watchConnection(client);
    client.on(Events.MessageCreate, (message) => this.#receive(message));
    client.on(Events.InteractionCreate, (interaction) => {
      if (interaction.isButton()) void handleDiscordPress(interaction, this.#deps.approvals, this.#log);
    });

    let onFatalClose!: (event: { code: number }) => void;
    let onAbort!: () => void;
    const failedBeforeReady = new Promise<never>((_, reject) => {
      onFatalClose = (event) => reject(closeCodeError(event.code));
      onAbort = () => reject(new ChannelError("config", this.name, "start aborted"));
    });
    client.once(Events.ShardDisconnect, onFatalClose);
    signal.addEventListener("abort", onAbort, { once: true });
    const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
    const login = client.login(this.#token);
    login.catch(() => undefined);
    try {
      await Promise.race([Promise.all([login, ready]), failedBeforeReady]);
    } catch (error) {
      const failure = toChannelError(error, "log in");
      this.#setStatus("failed", failure.message);
      this.#client = undefined;
      await destroyClient(client);
      throw failure;
    } finally {
      client.off(Events.ShardDisconnect, onFatalClose);
      signal.removeEventListener("abort", onAbort);
    }
    this.#setStatus("connected");
    this.#log.info({ bot: client.user?.tag, guilds: client.guilds.cache.size }, "discord connected");
    this.#catchUp(client, catchUpChannels);
  }

  send(message: OutboundMessage, options?: SendOptions): Promise<DeliveryReceipt> {
    const delivery = this.#deliver(message, options);
    this.#inFlight.add(delivery);
    void delivery.catch(() => undefined).finally(() => this.#inFlight.delete(delivery));
    return delivery;
  }

  async askApproval(prompt: ApprovalPrompt): Promise<ApprovalHandle> {
    if (!this.#sendReady()) throw new ChannelError("config", this.name, "the discord channel is not running");
    return postDiscordApproval(this.#rest, prompt);
  }

  async settleApproval(prompt: ApprovalPrompt, handle: ApprovalHandle, text: string): Promise<void> {
    if (this.#sendReady()) await settleDiscordApproval(this.#rest, prompt, handle, text);
  }

  /** Downloads an attachment from its CDN URL. */
  fetchAttachment(attachment: MediaAttachment, options: DownloadOptions): Promise<DownloadResult> {
    return downloadAttachment(discordFileSource(attachment), options);
  }

  /** A reply that grows as it is written: created, then PATCHed (undefined when streaming is off). */
  openStream(target: ReplyTarget, resume?: StreamResume): ReplyStream | undefined {
    if (!this.#deps.settings.streaming || !this.#sendReady()) return undefined;
    const log = this.#log.child({ chatId: target.chatId });
    const transport = discordStreamTransport(this.#rest, target, {
      log,
      ...(this.options.sendAttempts !== undefined ? { attempts: this.options.sendAttempts } : {}),
    });
    const floorMs = this.options.streamFloorMs ?? discordEditFloorMs;
    const intervalMs = Math.max(this.#deps.settings.stream_interval * 1000, floorMs);
    return new StreamedReply(transport, { intervalMs, ...(resume && { resume }) }, log);
  }

  indicateWorking(message: InboundMessage): WorkingIndicator {
    const indicator = startTyping(message.chatId, {
      rest: this.#rest,
      log: this.#log,
      sendReady: () => this.#sendReady(),
      intervalMs: this.options.typingIntervalMs ?? 8000,
      onEnd: () => this.#indicators.delete(indicator),
    });
    this.#indicators.add(indicator);
    return indicator;
  }

  /** Closes the gateway (the lease is lost: another process receives now); sending keeps working over REST. */
  async stopReceiving(): Promise<void> {
    this.#catchUpStop.abort();
    this.#order.clear();
    const client = this.#client;
    this.#client = undefined;
    if (client) await destroyClient(client);
    await this.#lastSeen?.flush();
    if (!this.#stopping) this.#setStatus("connected");
  }

  async stop(): Promise<void> {
    if (this.#stopping) return;
    this.#stopping = true;
    this.#catchUpStop.abort();
    this.#order.clear();
    for (const indicator of [...this.#indicators]) indicator.end();
    // Replies already on their way go out first.
    await Promise.allSettled([...this.#inFlight]);
    if (this.#client) await destroyClient(this.#client);
    this.#rest.clearHashSweeper();
    this.#rest.clearHandlerSweeper();
    await this.#lastSeen?.flush();
    this.#setStatus("stopped");
  }

  async #deliver(message: OutboundMessage, options?: SendOptions): Promise<DeliveryReceipt> {
    if (!this.#sendReady()) {
      throw new ChannelError(
        "config",
        this.name,
        `cannot send to ${message.chatId}: the discord channel is not running`,
        { retryable: false },
      );
    }
    // A thread is a channel of its own; a user id is posted to in that user's DM.
    const postTo = message.threadId ? message : { ...message, chatId: await this.#postTo(message.chatId, options) };
    const messageIds = await sendDiscordMessage(
      this.#rest,
      postTo,
      { log: this.#log, ...(this.options.sendAttempts !== undefined ? { attempts: this.options.sendAttempts } : {}) },
      options,
    );
    return { channel: this.name, chatId: message.chatId, messageIds };
  }

  async #postTo(chatId: string, options?: SendOptions): Promise<string> {
    try {
      return await this.#dms.channelFor(chatId, options?.signal);
    } catch (error) {
      const failure = toChannelError(error, `find where to post to ${chatId}`);
      this.#log.error({ err: failure, chatId }, "discord delivery failed");
      throw failure;
    }
  }

  /**
   * A live message from the gateway: recorded on the bus (held first while its channel is
   * caught up), logged when that fails (catch-up fetches it again).
   */
  #receive(message: Message): void {
    if (this.#stopping || message.client !== this.#client || this.#order.hold(message)) return;
    this.#recordLogged(message);
  }

  #recordLogged(message: Message): Promise<void> {
    return this.#record(message).catch((error: unknown) =>
      this.#log.error({ err: error, chatId: message.channelId }, "discord: recording a message failed"),
    );
  }

  /**
   * Records a message on the bus, then notes it as the channel's last seen. Messages of a
   * channel are recorded in order (live ones wait for its catch-up), so the mark never
   * passes an unrecorded message, whenever a crash comes.
   */
  async #record(message: Message): Promise<void> {
    const botUserId = this.#client?.user?.id;
    if (!botUserId) return;
    this.#dms.noteChannel(message.channelId);
    const inbound = toInboundMessage(message, botUserId);
    if (inbound && !inbound.isDirect && !inbound.mentioned && looksContentless(message)) {
      if (!this.#warnedContentless) {
        this.#warnedContentless = true;
        this.#log.warn(
          "discord sends guild messages without their text: the Message Content intent is not granted. The bot only sees " +
            "DMs and messages that mention it. Enable it in the Developer Portal (Applications > your app > Bot > " +
            "Privileged Gateway Intents > Message Content Intent) and restart skein.",
        );
      }
    } else if (inbound) {
      await this.#deps.bus.publishInbound(inbound);
    }
    this.#lastSeen?.advance(message.channelId, message.id);
  }

  /**
   * Fetches what was sent while the bot was away from `channels` (whose live messages are
   * held from now on): at start, and after every new session that follows a lost one. One
   * catch-up runs at a time; a channel's held live messages are recorded once it is done.
   */
  #catchUp(client: Client, channels: string[]): void {
    const lastSeen = this.#lastSeen;
    if (!lastSeen || this.#stopping) return;
    const signal = this.#catchUpStop.signal;
    const release = async (channelId: string) => {
      if (signal.aborted) return;
      for (const held of this.#order.finish(channelId)) {
        // Catch-up may have fetched it already: the mark passed it.
        const mark = lastSeen.get(channelId);
        if (mark === undefined || compareSnowflakes(held.id, mark) > 0) await this.#recordLogged(held);
      }
    };
    const run = this.#catchUpRun.then(() =>
      catchUp({
        client,
        lastSeen,
        channels,
        maxMessageAgeMs: (this.#deps.maxMessageAgeSeconds ?? 86_400) * 1000,
        receive: (message) => this.#record(message),
        onChannelDone: release,
        log: this.#log,
        signal,
      }).then(
        (messages) => this.#log.info({ messages }, "discord caught up"),
        (error: unknown) => this.#log.warn({ err: error }, "discord: catching up failed"),
      ),
    );
    this.#catchUpRun = run;
    this.#inFlight.add(run);
    void run.finally(() => this.#inFlight.delete(run));
  }

  #watchConnection(client: Client): void {
    watchGateway(client, {
      log: this.#log,
      isCurrent: (watched) => watched === this.#client,
      // During start() the failure is start()'s to report.
      isStarting: () => this.#status.state === "starting",
      isStopping: () => this.#stopping,
      setStatus: (state, detail) => this.#setStatus(state, detail),
      onNewSession: (watched, shardId) => {
        if (!this.#lastSeen) return;
        this.#log.info({ shardId }, "discord gateway reconnected with a new session");
        this.#setStatus("connected", "reconnected with a new session");
        // Fetch what this new session will not deliver.
        const channels = this.#lastSeen.channels();
        this.#order.begin(channels);
        this.#catchUp(watched, channels);
      },
    });
  }

  /**
   * Whether messages may go out: the channel started (or opened for sending) and is not
   * stopping. A gateway that is down does not matter: sending is REST.
   */
  #sendReady(): boolean {
    return this.#opened && !this.#stopping;
  }

  #setStatus(state: ChannelStatus["state"], detail?: string): void {
    this.#status = { state, since: Date.now(), ...(detail && { detail }) };
  }
}
