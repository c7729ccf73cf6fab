import { GrammyError, HttpError } from "grammy";
import { ChannelError, type ChannelErrorKind } from "../../src/channel-kit/channel.js";
import { classifyHttpStatus } from "../../src/channel-kit/delivery.js";
import type { Refusal } from "../../src/channel-kit/refused-send.js";
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

/** How Telegram refused a message for good, or `undefined` when it did not (transient, auth, conflict). */
export function telegramRefusal(error: unknown): Refusal | undefined {
  if (!(error instanceof GrammyError) || classifyTelegramError(error).retryable) return undefined;
  if (error.error_code === 401 || error.error_code === 409) return undefined;
  if (/message is too long|text is too long/i.test(error.description)) return { type: "too-long" };
  if (error.error_code === 403 || /chat not found|user is deactivated|bot was kicked/i.test(error.description))
    return { type: "unreachable" };
  return { type: "refused" };
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
