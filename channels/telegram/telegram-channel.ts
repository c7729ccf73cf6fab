import { Bot, GrammyError } from "grammy";
import { HttpsProxyAgent } from "https-proxy-agent";
import type { InboundMessage } from "../../src/bus/messages.js";
import { type Channel, type ChannelDeps, ChannelError, type ChannelStatus } from "../../src/channel-kit/channel.js";
import { backoffDelay, withRetry } from "../../src/util/retry.js";
import { classifyTelegramError } from "./errors.js";
import { toInboundMessage } from "./inbound.js";
import type { TelegramSettings } from "./index.js";
import { type SendOptions, sendTelegramMessage, telegramChatId } from "./outbound.js";
import { createPollWatchdog, type GrammySignal } from "./poll-watchdog.js";
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
  retry?: SendOptions["retry"];
  /** The typing indicator's timer functions (tests watch them). */
  timers?: { setInterval: typeof setInterval; clearInterval: typeof clearInterval };
}

const updateTypes = ["message"] as const;
const conflictHint = "another skein/bot instance is polling with this token";

/** The Telegram channel: long polling (or a webhook) with grammY, replies as Telegram HTML. */
export function createTelegramChannel(
  deps: ChannelDeps<TelegramSettings>,
  options: TelegramChannelOptions = {},
): Channel {
  const { settings } = deps;
  if (!settings.token) {
    throw new ChannelError(
      "config",
      "telegram",
      "telegram: no bot token (set TELEGRAM_BOT_TOKEN or channels.telegram.token)",
    );
  }
  const log = deps.log.child({ channel: "telegram" });
  const pollingTimeout = options.pollingTimeoutSeconds ?? 30;
  const apiRoot = settings.api_root?.replace(/\/+$/, "");
  const bot = new Bot(settings.token, {
    client: {
      ...(apiRoot ? { apiRoot } : {}),
      // Longer than a stalled poll takes to be noticed, so that the watchdog sees (and logs) it first.
      timeoutSeconds: Math.max(60, 3 * pollingTimeout),
      ...(settings.proxy ? { baseFetchConfig: { agent: new HttpsProxyAgent(settings.proxy), compress: true } } : {}),
    },
  });

  let status: ChannelStatus = { state: "stopped", since: Date.now() };
  const setStatus = (state: ChannelStatus["state"], detail?: string) => {
    if (status.state === state && status.detail === detail) return;
    status = { state, since: Date.now(), ...(detail ? { detail } : {}) };
  };
  /** Set once stop() begins: polling failures are then expected, not reported. */
  let stopping = false;
  let polling: Promise<void> | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  /** Polling failures in a row: the backoff before polling again grows with them. */
  let pollingFailures = 0;
  let webhook: WebhookServer | undefined;

  const watchdog = createPollWatchdog({
    stallAfterMs: options.stallAfterMs ?? (2 * pollingTimeout + 10) * 1000,
    log,
    onAnswer: () => {
      pollingFailures = 0;
      if (stopping) return;
      if (status.state === "disconnected") log.info("telegram: polling works again");
      setStatus("connected");
    },
    onFailure: (detail) => {
      if (stopping) return;
      // grammY retries failed polls quietly: say once that the channel is deaf until one succeeds.
      if (status.state === "connected")
        log.warn({ detail }, `telegram: ${detail}; retrying, and receiving nothing until a poll succeeds`);
      setStatus("disconnected", detail);
    },
  });
  bot.api.config.use(watchdog.transformer);

  bot.on("message", (context) => {
    const inbound = toInboundMessage(context.message, context.me);
    if (!inbound) return;
    log.debug({ id: inbound.id, chatId: inbound.chatId, senderId: inbound.senderId }, "telegram message received");
    // Publish and return at once: grammY handles updates one at a time, so a handler
    // that waited for the turn would hold up every other chat.
    deps.bus.publishInbound(inbound);
  });
  bot.catch((error) => log.error({ err: error.error }, "telegram: handling an update failed"));

  /** Begins long polling; resolves once polling runs, rejects when it cannot begin. */
  function startPolling(): Promise<void> {
    return new Promise((resolve, reject) => {
      let started = false;
      polling = bot
        .start({
          timeout: pollingTimeout,
          allowed_updates: [...updateTypes],
          onStart: () => {
            started = true;
            watchdog.start();
            setStatus("connected");
            resolve();
          },
        })
        .catch((error: unknown) => {
          watchdog.stop();
          if (started) pollingFailed(error);
          else reject(error);
        });
    });
  }

  function pollingFailed(error: unknown): void {
    if (stopping) return;
    const code = error instanceof GrammyError ? error.error_code : undefined;
    if (code === 401) {
      log.error({ err: error }, "telegram: the bot token was revoked (401 Unauthorized); polling stopped");
      setStatus("failed", "bot token rejected (401 Unauthorized)");
      return;
    }
    const retryDelayMs = backoffDelay(++pollingFailures, {
      baseDelayMs: options.pollingRetryMs ?? 30_000,
      maxDelayMs: 600_000,
    });
    const seconds = Math.round(retryDelayMs / 1000);
    const reason = code === 409 ? `409 Conflict: ${conflictHint}` : `polling failed: ${(error as Error).message}`;
    log.error(
      { err: error },
      code === 409
        ? `telegram: ${conflictHint} (409 Conflict); stop the other one. Polling again in ${seconds} s`
        : `telegram: ${reason}; polling again in ${seconds} s`,
    );
    setStatus("failed", reason);
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      if (!stopping) startPolling().catch(pollingFailed);
    }, retryDelayMs);
    retryTimer.unref();
  }

  async function connect(signal: AbortSignal): Promise<void> {
    try {
      // Not bot.init(): grammY retries getMe there for ever on network errors, silently, so an
      // unreachable Bot API would hold start-up (and shutdown) with nothing in the log.
      await withRetry(
        async () => {
          if (!bot.isInited()) bot.botInfo = await bot.api.getMe(signal as unknown as GrammySignal);
        },
        { classify: classifyTelegramError, attempts: 3, signal, log, label: "telegram getMe", ...options.retry },
      );
    } catch (error) {
      const code = error instanceof GrammyError ? error.error_code : undefined;
      if (code === 401 || code === 404) {
        throw new ChannelError(
          "auth",
          "telegram",
          `telegram: the bot token was rejected (${code} ${(error as GrammyError).description}); check TELEGRAM_BOT_TOKEN (get one from @BotFather)`,
          { cause: error },
        );
      }
      throw new ChannelError(
        "network",
        "telegram",
        `telegram: cannot reach the Bot API at ${apiRoot ?? "https://api.telegram.org"}: ${(error as Error).message}`,
        {
          cause: error,
        },
      );
    }
  }

  let stopped: Promise<void> | undefined;
  /** Stops receiving; a second call waits for the first. `bot.api` keeps working for replies in flight. */
  function stop(): Promise<void> {
    stopped ??= (async () => {
      stopping = true;
      clearTimeout(retryTimer);
      watchdog.stop();
      if (bot.isRunning())
        await bot
          .stop()
          .catch((error: unknown) => log.warn({ err: error }, "telegram: confirming the last update failed"));
      await polling;
      await webhook?.close();
      setStatus("stopped");
    })();
    return stopped;
  }

  return {
    name: "telegram",

    async start(signal) {
      stopping = false;
      stopped = undefined;
      setStatus("starting");
      const onAbort = () => void stop();
      try {
        await connect(signal);
        signal.addEventListener("abort", onAbort, { once: true });
        if (settings.webhook_url) {
          webhook = await startWebhookServer({ bot, settings, log, allowedUpdates: [...updateTypes] });
          setStatus("connected");
        } else {
          await startPolling();
        }
        log.info(
          { username: bot.botInfo.username, mode: settings.webhook_url ? "webhook" : "polling" },
          `telegram: receiving as @${bot.botInfo.username}`,
        );
      } catch (error) {
        // The supervisor retries with a fresh channel: this one must not stay on the daemon's signal.
        signal.removeEventListener("abort", onAbort);
        const failure =
          error instanceof ChannelError
            ? error
            : new ChannelError("network", "telegram", `telegram: cannot start: ${(error as Error).message}`, {
                cause: error,
              });
        setStatus("failed", failure.message);
        throw failure;
      }
    },

    send: (message) =>
      sendTelegramMessage(message, { api: bot.api, log, ...(options.retry ? { retry: options.retry } : {}) }),

    stop,

    status: () => status,

    indicateWorking(message: InboundMessage) {
      const extra = message.threadId ? { message_thread_id: Number(message.threadId) } : {};
      const showTyping = () =>
        void bot.api
          .sendChatAction(telegramChatId(message.chatId), "typing", extra)
          .catch((error: unknown) => log.debug({ err: error }, "telegram: sendChatAction failed"));
      const timers = options.timers ?? { setInterval, clearInterval };
      showTyping();
      const timer = timers.setInterval(showTyping, options.typingIntervalMs ?? 4_000);
      timer.unref();
      return { end: () => timers.clearInterval(timer) };
    },
  };
}
