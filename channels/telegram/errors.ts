import { GrammyError, HttpError } from "grammy";
import { ChannelError, type ChannelErrorKind } from "../../src/channel-kit/channel.js";
import { classifyHttpStatus } from "../../src/channel-kit/delivery.js";
import type { FailureClass } from "../../src/util/retry.js";

/** How Telegram API failures are treated: 429 (with retry_after), 5xx and network errors are transient. */
export function classifyTelegramError(error: unknown): FailureClass {
  if (error instanceof GrammyError) {
    const retryAfter = error.parameters.retry_after;
    return classifyHttpStatus(error.error_code, retryAfter === undefined ? undefined : retryAfter * 1000);
  }
  return { retryable: error instanceof HttpError };
}

/** Telegram could not parse the HTML of a message (it is then re-sent as plain text). */
export function isEntityParseError(error: unknown): boolean {
  return error instanceof GrammyError && error.error_code === 400 && /can't parse entities/i.test(error.description);
}

/** The ChannelError for a Telegram API failure that was not (or no longer) retried. */
export function toChannelError(error: unknown, doing: string): ChannelError {
  let kind: ChannelErrorKind = "network";
  let detail = error instanceof Error ? error.message : String(error);
  if (error instanceof GrammyError) {
    detail = `${error.error_code} ${error.description}`;
    kind =
      error.error_code === 401
        ? "auth"
        : error.error_code === 409
          ? "conflict"
          : error.error_code === 429
            ? "rate-limit"
            : error.error_code >= 500
              ? "network"
              : "rejected";
  }
  return new ChannelError(kind, "telegram", `telegram: ${doing} failed: ${detail}`, {
    cause: error,
    retryable: classifyTelegramError(error).retryable,
  });
}
