import { type Bot, GrammyError } from "grammy";
import type { Logger } from "pino";
import { ChannelError } from "../../src/channel-kit/channel.js";
import { withRetry } from "../../src/util/retry.js";
import { classifyTelegramError } from "./errors.js";
import type { TelegramSendOptions } from "./outbound.js";
import type { GrammySignal } from "./poll-watchdog.js";

/** Where getMe goes and how it is retried. */
export interface IdentityOptions {
  log: Logger;
  /** The Bot API server root, when not the default (named in the error when it cannot be reached). */
  apiRoot: string | undefined;
  retry?: TelegramSendOptions["retry"];
}

/**
 * Learns who the bot is (getMe, three tries on network errors) unless grammY knows already. A rejected
 * token (401, 404) is an `auth` ChannelError naming TELEGRAM_BOT_TOKEN; anything else a `network` one
 * naming the Bot API server.
 */
export async function learnBotIdentity(bot: Bot, signal: AbortSignal, options: IdentityOptions): Promise<void> {
  try {
    // Not bot.init(): grammY retries getMe there for ever on network errors, silently, so an
    // unreachable Bot API would hold start-up (and shutdown) with nothing in the log.
    await withRetry(
      async () => {
        if (!bot.isInited()) bot.botInfo = await bot.api.getMe(signal as unknown as GrammySignal);
      },
      {
        classify: classifyTelegramError,
        attempts: 3,
        signal,
        log: options.log,
        label: "telegram getMe",
        ...options.retry,
      },
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
      `telegram: cannot reach the Bot API at ${options.apiRoot ?? "https://api.telegram.org"}: ${(error as Error).message}`,
      { cause: error },
    );
  }
}
