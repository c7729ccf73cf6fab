import { type ApiClientOptions, Bot, GrammyError } from "grammy";
import { HttpsProxyAgent } from "https-proxy-agent";
import type { Logger } from "pino";
import type { DeliveryReceipt, InboundMessage, MediaAttachment, OutboundMessage } from "../../src/bus/messages.js";
import type { ApprovalHandle, ApprovalPrompt } from "../../src/channel-kit/approval.js";
import type { DownloadOptions, DownloadResult } from "../../src/channel-kit/attachment-download.js";
import {
  type Channel,
  type ChannelDeps,
  ChannelError,
  type ChannelStatus,
  type ChatMenuCommand,
  type SendOptions,
  type WorkingIndicator,
} from "../../src/channel-kit/channel.js";
import type { ReplyStream, ReplyTarget, StreamResume } from "../../src/channel-kit/reply-stream.js";
import { StreamedReply } from "../../src/channel-kit/streamed-reply.js";
import { httpFetch } from "../../src/util/http-fetch.js";
import { Backoff } from "../../src/util/retry.js";
import { handleTelegramPress, postTelegramApproval, settleTelegramApproval } from "./approval.js";
import { learnBotIdentity } from "./bot-identity.js";
import { fetchTelegramAttachment } from "./inbound.js";
import { sendTelegramMessage, type TelegramSendOptions, telegramChatId } from "./outbound.js";
import { createPollWatchdog, type PollWatchdog } from "./poll-watchdog.js";
import type { TelegramSettings } from "./settings.js";
import { telegramEditFloorMs, telegramStreamTransport } from "./stream.js";
import { UpdateRecorder } from "./update-recorder.js";
import { startWebhookServer, type WebhookServer } from "./webhook.js";

/** Tuning knobs, all with production defaults; tests shorten them. */
export interface TelegramChannelOptions {
  /** Long-poll timeout of getUpdates, in seconds (default 30). */
  pollingTimeoutSeconds?: number;
  /** A getUpdates call without an answer this long is restarted (default twice the long-poll timeout plus 10 s). */
  stallAfterMs?: number;
  /** Backoff base before polling again after a 409 Conflict or a polling crash: it doubles (with jitter) up to 10 min (default 30 s). */
  pollingRetryMs?: number;
  /** How often "typing" is re-sent while a turn runs (default 4 s; Telegram shows it for 5 s). */
  typingIntervalMs?: number;
  /** Retry tuning for sends (tests make it fast). */
  retry?: TelegramSendOptions["retry"];
  /** The typing indicator's timer functions (tests watch them). */
  timers?: { setInterval: typeof setInterval; clearInterval: typeof clearInterval };
  /** The fewest milliseconds between edits of a streamed reply, whatever `stream_interval` says (default: Telegram's limits). */
  streamFloorMs?: number;
}

/** `callback_query` carries approval button presses. */
const updateTypes = ["message", "callback_query"] as const;
const conflictHint = "another skein/bot instance is polling with this token";

/** The Telegram channel: long polling (or a webhook) with grammY, replies as Telegram HTML. */
export class TelegramChannel implements Channel {
  readonly name = "telegram";
  readonly voiceNotes = true;
  readonly #settings: TelegramSettings;
  readonly #options: TelegramChannelOptions;
  readonly #log: Logger;
  readonly #pollingTimeout: number;
  /** Bot API server root without a trailing slash, when not the default. */
  readonly #apiRoot: string | undefined;
  readonly #bot: Bot;
  readonly #watchdog: PollWatchdog;
  #status: ChannelStatus = { state: "stopped", since: Date.now() };
  /** Set once stop() begins: polling failures are then expected, not reported. */
  #stopping = false;
  #stopped: Promise<void> | undefined;
  #polling: Promise<void> | undefined;
  #retryTimer: NodeJS.Timeout | undefined;
  /** Polling failures in a row: the wait before polling again grows with them. */
  #pollingBackoff: Backoff;
  #webhook: WebhookServer | undefined;
  /** Opened for sending: receiving follows a lease held by the supervisor (cluster mode). */
  #leased = false;
  /** Receiving was stopped for a lost lease: getUpdates must not reach Telegram (see {@link stopReceiving}). */
  #fenced = false;
  readonly #onAbort = () => void this.stop();

  constructor(deps: ChannelDeps<TelegramSettings>, options: TelegramChannelOptions = {}) {
    const { settings } = deps;
    if (!settings.token) {
      throw new ChannelError(
        "config",
        "telegram",
        "telegram: no bot token (set TELEGRAM_BOT_TOKEN or channels.telegram.token)",
      );
    }
    this.#settings = settings;
    this.#options = options;
    this.#pollingBackoff = new Backoff({ baseDelayMs: options.pollingRetryMs ?? 30_000, maxDelayMs: 600_000 });
    this.#log = deps.log.child({ channel: "telegram" });
    this.#pollingTimeout = options.pollingTimeoutSeconds ?? 30;
    this.#apiRoot = settings.api_root?.replace(/\/+$/, "");
    this.#bot = new Bot(settings.token, {
      client: {
        ...(this.#apiRoot ? { apiRoot: this.#apiRoot } : {}),
        // Longer than a stalled poll takes to be noticed, so that the watchdog sees (and logs) it first.
        timeoutSeconds: Math.max(60, 3 * this.#pollingTimeout),
        // grammY reads only `json()` of a response: see src/util/http-fetch.ts.
        fetch: httpFetch as unknown as NonNullable<ApiClientOptions["fetch"]>,
        ...(settings.proxy ? { baseFetchConfig: { agent: new HttpsProxyAgent(settings.proxy) } } : {}),
      },
    });
    this.#watchdog = createPollWatchdog({
      stallAfterMs: options.stallAfterMs ?? (2 * this.#pollingTimeout + 10) * 1000,
      log: this.#log,
      onAnswer: () => this.#pollAnswered(),
      onFailure: (detail) => this.#pollFailed(detail),
    });
    this.#bot.api.config.use(this.#watchdog.transformer);
    const recorder = new UpdateRecorder({ bus: deps.bus, log: this.#log, me: () => this.#bot.botInfo });
    this.#bot.api.config.use(recorder.transformer);
    // Outermost: once fenced, grammY's closing getUpdates (which would confirm the batch) never leaves.
    this.#bot.api.config.use((previous, method, payload, signal) =>
      this.#fenced && method === "getUpdates"
        ? Promise.resolve({ ok: true as const, result: [] as never })
        : previous(method, payload, signal),
    );
    // Polling: the batch is recorded already; webhook: Telegram gets its answer once this resolves.
    this.#bot.on("message", (context) => recorder.record(context.update));
    // Not awaited: grammY handles updates one at a time, and a press must never wait behind anything.
    const approvals = deps.approvals;
    this.#bot.on("callback_query:data", (context) => {
      void handleTelegramPress(context, approvals, this.#log).catch((error: unknown) =>
        this.#log.warn({ err: error }, "telegram: answering a button press failed"),
      );
    });
    this.#bot.catch((error) => this.#log.error({ err: error.error }, "telegram: handling an update failed"));
  }

  status(): ChannelStatus {
    const username = this.#bot.isInited() ? this.#bot.botInfo.username : undefined;
    return username ? { ...this.#status, account: `@${username}` } : this.#status;
  }

  async start(signal: AbortSignal): Promise<void> {
    await this.#open(signal);
    await this.startReceiving(signal);
  }

  /** Checks the token (getMe) and is ready to send; receives nothing until {@link startReceiving}. */
  async openForSending(signal: AbortSignal): Promise<void> {
    this.#leased = true;
    await this.#open(signal);
    this.#setStatus("connected");
  }

  /** Begins long polling (or the webhook server); resolves once receiving. */
  async startReceiving(signal: AbortSignal): Promise<void> {
    this.#fenced = false;
    try {
      if (this.#settings.webhook_url) {
        this.#webhook = await startWebhookServer({
          bot: this.#bot,
          settings: this.#settings,
          log: this.#log,
          allowedUpdates: [...updateTypes],
        });
        this.#setStatus("connected");
      } else {
        await this.#startPolling();
      }
      const username = this.#bot.botInfo.username;
      this.#log.info(
        { username, mode: this.#settings.webhook_url ? "webhook" : "polling" },
        `telegram: receiving as @${username}`,
      );
    } catch (error) {
      // The supervisor retries with a fresh channel: this one must not stay on the daemon's signal.
      if (!this.#leased) signal.removeEventListener("abort", this.#onAbort);
      throw this.#failed(error);
    }
  }

  /**
   * Stops polling at once without confirming the last batch (the lease is lost: another process
   * polls now, and a getUpdates from here would cut its long poll short with a 409). The updates
   * not confirmed come back to the next poller, and the journal knows them. Sending keeps working.
   */
  async stopReceiving(): Promise<void> {
    this.#fenced = true;
    clearTimeout(this.#retryTimer);
    this.#watchdog.stop();
    if (this.#bot.isRunning())
      await this.#bot.stop().catch((error: unknown) => this.#log.debug({ err: error }, "telegram: stopping polling"));
    await this.#polling;
    await this.#webhook?.close();
    this.#webhook = undefined;
    if (!this.#stopping) this.#setStatus("connected");
  }

  async #open(signal: AbortSignal): Promise<void> {
    this.#stopping = false;
    this.#stopped = undefined;
    this.#setStatus("starting");
    try {
      await learnBotIdentity(this.#bot, signal, {
        log: this.#log,
        apiRoot: this.#apiRoot,
        ...(this.#options.retry && { retry: this.#options.retry }),
      });
    } catch (error) {
      throw this.#failed(error);
    }
    signal.addEventListener("abort", this.#onAbort, { once: true });
  }

  /** A start failure as a ChannelError, the channel marked failed with it. */
  #failed(error: unknown): ChannelError {
    const failure =
      error instanceof ChannelError
        ? error
        : new ChannelError("network", "telegram", `telegram: cannot start: ${(error as Error).message}`, {
            cause: error,
          });
    this.#setStatus("failed", failure.message);
    return failure;
  }

  async send(message: OutboundMessage, options?: SendOptions): Promise<DeliveryReceipt> {
    const messageIds = await sendTelegramMessage(
      this.#bot.api,
      message,
      { log: this.#log, ...(this.#options.retry ? { retry: this.#options.retry } : {}) },
      options,
    );
    return { channel: this.name, chatId: message.chatId, messageIds };
  }

  /** A reply that grows as it is written: sendMessage, then editMessageText (undefined when streaming is off). */
  openStream(target: ReplyTarget, resume?: StreamResume): ReplyStream | undefined {
    if (!this.#settings.streaming) return undefined;
    const log = this.#log.child({ chatId: target.chatId });
    const transport = telegramStreamTransport(this.#bot.api, target, {
      log,
      ...(this.#options.retry ? { retry: this.#options.retry } : {}),
    });
    const floorMs = this.#options.streamFloorMs ?? telegramEditFloorMs(target.chatId);
    const intervalMs = Math.max(this.#settings.stream_interval * 1000, floorMs);
    return new StreamedReply(transport, { intervalMs, ...(resume && { resume }) }, log);
  }

  askApproval(prompt: ApprovalPrompt): Promise<ApprovalHandle> {
    return postTelegramApproval(this.#bot.api, prompt);
  }

  settleApproval(prompt: ApprovalPrompt, handle: ApprovalHandle, text: string): Promise<void> {
    return settleTelegramApproval(this.#bot.api, prompt, handle, text);
  }

  /** The bot's command menu (`setMyCommands`): what people see when they type `/`. */
  async setCommands(commands: readonly ChatMenuCommand[]): Promise<void> {
    await this.#bot.api.setMyCommands(
      commands.slice(0, 100).map(({ command, description }) => ({ command, description })),
    );
  }

  /** Stops receiving; a second call waits for the first. `bot.api` keeps working for replies in flight. */
  stop(): Promise<void> {
    this.#stopped ??= (async () => {
      this.#stopping = true;
      clearTimeout(this.#retryTimer);
      this.#watchdog.stop();
      if (this.#bot.isRunning())
        await this.#bot
          .stop()
          .catch((error: unknown) => this.#log.warn({ err: error }, "telegram: confirming the last update failed"));
      await this.#polling;
      await this.#webhook?.close();
      this.#setStatus("stopped");
    })();
    return this.#stopped;
  }

  /** Downloads an attachment: getFile, then the file from the Bot API server (getFile refuses files over 20 MB). */
  /** Downloads an attachment: getFile, then the file from the Bot API server (getFile refuses files over 20 MB). */
  fetchAttachment(attachment: MediaAttachment, options: DownloadOptions): Promise<DownloadResult> {
    const server = { apiRoot: this.#apiRoot ?? "https://api.telegram.org", token: this.#settings.token ?? "" };
    return fetchTelegramAttachment(this.#bot.api, attachment, server, options);
  }

  indicateWorking(message: InboundMessage): WorkingIndicator {
    const extra = message.threadId ? { message_thread_id: Number(message.threadId) } : {};
    const showTyping = () =>
      void this.#bot.api
        .sendChatAction(telegramChatId(message.chatId), "typing", extra)
        .catch((error: unknown) => this.#log.debug({ err: error }, "telegram: sendChatAction failed"));
    const timers = this.#options.timers ?? { setInterval, clearInterval };
    showTyping();
    const timer = timers.setInterval(showTyping, this.#options.typingIntervalMs ?? 4_000);
    timer.unref();
    return { end: () => timers.clearInterval(timer) };
  }

  #setStatus(state: ChannelStatus["state"], detail?: string): void {
    if (this.#status.state === state && this.#status.detail === detail) return;
    this.#status = { state, since: Date.now(), ...(detail ? { detail } : {}) };
  }

  #pollAnswered(): void {
    this.#pollingBackoff.reset();
    if (this.#stopping) return;
    if (this.#status.state === "disconnected") this.#log.info("telegram: polling works again");
    this.#setStatus("connected");
  }

  #pollFailed(detail: string): void {
    if (this.#stopping) return;
    // grammY retries failed polls quietly: say once that the channel is deaf until one succeeds.
    if (this.#status.state === "connected")
      this.#log.warn({ detail }, `telegram: ${detail}; retrying, and receiving nothing until a poll succeeds`);
    this.#setStatus("disconnected", detail);
  }

  /** Begins long polling; resolves once polling runs, rejects when it cannot begin. */
  #startPolling(): Promise<void> {
    return new Promise((resolve, reject) => {
      let started = false;
      this.#polling = this.#bot
        .start({
          timeout: this.#pollingTimeout,
          allowed_updates: [...updateTypes],
          onStart: () => {
            started = true;
            this.#watchdog.start();
            this.#setStatus("connected");
            resolve();
          },
        })
        .catch((error: unknown) => {
          this.#watchdog.stop();
          if (started) this.#pollingStopped(error);
          else reject(error);
        });
    });
  }

  /** Polling ended with an error after it had begun: polls again after a growing backoff, unless the token is gone. */
  #pollingStopped(error: unknown): void {
    if (this.#stopping || this.#fenced) return;
    const code = error instanceof GrammyError ? error.error_code : undefined;
    if (code === 401) {
      this.#log.error({ err: error }, "telegram: the bot token was revoked (401 Unauthorized); polling stopped");
      this.#setStatus("failed", "bot token rejected (401 Unauthorized)");
      return;
    }
    const retryDelayMs = this.#pollingBackoff.next();
    const seconds = Math.round(retryDelayMs / 1000);
    const reason = code === 409 ? `409 Conflict: ${conflictHint}` : `polling failed: ${(error as Error).message}`;
    this.#log.error(
      { err: error },
      code === 409
        ? `telegram: ${conflictHint} (409 Conflict); stop the other one. Polling again in ${seconds} s`
        : `telegram: ${reason}; polling again in ${seconds} s`,
    );
    // Clustered, a 409 is a poller outside the lease (or a former holder not yet stopped): not for good.
    this.#setStatus(this.#leased && code === 409 ? "disconnected" : "failed", reason);
    this.#retryTimer = setTimeout(() => {
      this.#retryTimer = undefined;
      if (!this.#stopping && !this.#fenced)
        this.#startPolling().catch((failure: unknown) => this.#pollingStopped(failure));
    }, retryDelayMs);
    this.#retryTimer.unref();
  }
}
