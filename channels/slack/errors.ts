import { ChannelError } from "../../src/channel-kit/channel.js";
import type { Refusal } from "../../src/channel-kit/refused-send.js";

/** Slack error codes that mean the token is wrong, revoked or lacks access. */
const authErrors = new Set([
  "invalid_auth",
  "not_authed",
  "account_inactive",
  "token_revoked",
  "token_expired",
  "no_permission",
  "missing_scope",
  "team_disabled",
  "user_removed_from_team",
  "not_allowed_token_type",
]);

/** The shape of the errors @slack/web-api throws (`code` tells which kind). */
interface WebApiErrorLike {
  code?: string;
  data?: { error?: string };
  statusCode?: number;
  retryAfter?: number;
  message?: string;
}

/** Slack error codes that mean nothing can be posted to that conversation. */
const unreachableErrors = new Set(["channel_not_found", "not_in_channel", "is_archived", "restricted_action"]);

/** How Slack refused a message for good, or `undefined` when it did not (auth, rate limit, network). */
export function slackRefusal(error: unknown): Refusal | undefined {
  const failure = (error ?? {}) as WebApiErrorLike;
  if (failure.code !== "slack_webapi_platform_error") return undefined;
  const code = failure.data?.error ?? "unknown_error";
  if (authErrors.has(code) || code === "ratelimited") return undefined;
  if (code === "msg_too_long") return { type: "too-long" };
  return unreachableErrors.has(code) ? { type: "unreachable" } : { type: "refused" };
}

/**
 * Turns a Web API failure into a {@link ChannelError}: a platform error (`ok: false`) is
 * permanent (`auth` for token problems, `rejected` otherwise, e.g. channel_not_found,
 * not_in_channel); a request that never got an answer, or a 5xx, is a retryable `network`
 * failure; a rate limit the SDK gave up on is `rate-limit` with its retry-after.
 */
export function toChannelError(error: unknown, action: string): ChannelError {
  if (error instanceof ChannelError) return error;
  const failure = (error ?? {}) as WebApiErrorLike;
  switch (failure.code) {
    case "slack_webapi_platform_error": {
      const code = failure.data?.error ?? "unknown_error";
      const kind = authErrors.has(code) ? "auth" : code === "ratelimited" ? "rate-limit" : "rejected";
      return new ChannelError(kind, "slack", `${action} failed: Slack answered "${code}"`, {
        cause: error,
        retryable: kind === "rate-limit",
      });
    }
    case "slack_webapi_rate_limited_error":
      return new ChannelError("rate-limit", "slack", `${action} was rate limited by Slack`, {
        cause: error,
        ...(failure.retryAfter !== undefined ? { retryAfterMs: failure.retryAfter * 1000 } : {}),
      });
    case "slack_webapi_http_error": {
      const status = failure.statusCode ?? 0;
      return new ChannelError(status >= 500 ? "network" : "rejected", "slack", `${action} failed: HTTP ${status}`, {
        cause: error,
      });
    }
    default:
      return new ChannelError("network", "slack", `${action} failed: ${failure.message ?? String(error)}`, {
        cause: error,
      });
  }
}
