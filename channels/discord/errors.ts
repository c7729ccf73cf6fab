import { DiscordAPIError, HTTPError, RateLimitError } from "discord.js";
import { ChannelError } from "../../src/channel-kit/channel.js";
import type { Refusal } from "../../src/channel-kit/refused-send.js";
import type { FailureClass } from "../../src/util/retry.js";

/** Discord JSON error codes we name (https://discord.com/developers/docs/topics/opcodes-and-status-codes). */
const permanentCodes: Record<number, string> = {
  10003: "unknown channel (deleted, or the bot cannot see it)",
  50001: "missing access to the channel",
  50007: "cannot send messages to this user (DMs closed or no shared server)",
  50013: "missing permissions (the bot needs Send Messages, and Send Messages in Threads for threads)",
  50035: "invalid form body (the message was rejected)",
};

/** Gateway close codes that end a session for good, and what the operator should do. */
const fatalCloseCodes: Record<number, { kind: "auth" | "config"; message: string }> = {
  4004: { kind: "auth", message: "Discord rejected the bot token (gateway close 4004): check DISCORD_BOT_TOKEN" },
  4010: { kind: "config", message: "Discord says the shard is invalid (gateway close 4010)" },
  4011: { kind: "config", message: "Discord requires sharding for this bot (gateway close 4011)" },
  4012: { kind: "config", message: "Discord rejected the gateway API version (gateway close 4012)" },
  4013: { kind: "config", message: "Discord rejected the requested intents as invalid (gateway close 4013)" },
  4014: {
    kind: "config",
    message:
      'Discord refused a privileged intent (gateway close 4014): enable "Message Content Intent" for the bot in the ' +
      "Developer Portal (Applications > your app > Bot > Privileged Gateway Intents)",
  },
};

/** The ChannelError for a gateway close code that discord.js will not recover from. */
export function closeCodeError(code: number): ChannelError {
  const known = fatalCloseCodes[code];
  return new ChannelError(
    known?.kind ?? "network",
    "discord",
    known?.message ?? `the Discord gateway closed with code ${code}`,
    {
      retryable: false,
    },
  );
}

/** Discord codes that mean nothing can be posted to that channel. */
const unreachableCodes = new Set([10003, 50001, 50007, 50013]);

/** How Discord refused a message for good, or `undefined` when it did not (auth, rate limit, network). */
export function discordRefusal(error: unknown): Refusal | undefined {
  if (!(error instanceof DiscordAPIError) || error.status === 401 || error.status === 429 || error.status >= 500)
    return undefined;
  const code = typeof error.code === "number" ? error.code : 0;
  if (code === 50035 && /length|too long|2000/i.test(error.message)) return { type: "too-long" };
  return unreachableCodes.has(code) ? { type: "unreachable" } : { type: "refused" };
}

/** Turns whatever discord.js threw into a {@link ChannelError} with one meaning. */
export function toChannelError(error: unknown, action: string): ChannelError {
  if (error instanceof ChannelError) return error;
  if (error instanceof DiscordAPIError) {
    const code = typeof error.code === "number" ? error.code : 0;
    if (error.status === 401) {
      return new ChannelError(
        "auth",
        "discord",
        `Discord rejected the bot token (401) while trying to ${action}: check DISCORD_BOT_TOKEN`,
        { cause: error },
      );
    }
    if (error.status === 429)
      return new ChannelError("rate-limit", "discord", `rate limited by Discord while trying to ${action}`, {
        cause: error,
      });
    const reason = permanentCodes[code] ?? error.message;
    return new ChannelError(
      "rejected",
      "discord",
      `Discord refused to ${action}: ${reason} (${error.status}, code ${code})`,
      { cause: error },
    );
  }
  if (error instanceof RateLimitError) {
    return new ChannelError("rate-limit", "discord", `rate limited by Discord while trying to ${action}`, {
      cause: error,
      retryAfterMs: error.retryAfter,
    });
  }
  if (error instanceof HTTPError) {
    return new ChannelError("network", "discord", `Discord answered ${error.status} while trying to ${action}`, {
      cause: error,
    });
  }
  if (error instanceof Error && "code" in error && error.code === "TokenInvalid") {
    return new ChannelError("auth", "discord", "Discord rejected the bot token (401): check DISCORD_BOT_TOKEN", {
      cause: error,
    });
  }
  const detail = error instanceof Error ? error.message : String(error);
  return new ChannelError("network", "discord", `could not reach Discord to ${action}: ${detail}`, { cause: error });
}

/** How {@link withRetry} treats a failed Discord call: network, 5xx and 429 are worth another try. */
export function classifyFailure(error: unknown): FailureClass {
  const channelError = toChannelError(error, "send");
  return {
    retryable: channelError.retryable,
    ...(channelError.options.retryAfterMs !== undefined && { retryAfterMs: channelError.options.retryAfterMs }),
  };
}
