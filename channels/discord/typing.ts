import { type REST, Routes } from "discord.js";
import type { Logger } from "pino";
import type { WorkingIndicator } from "../../src/channel-kit/channel.js";

/** What the typing indicator needs: where to post, whether sending is allowed now, and how often to renew it. */
export interface TypingOptions {
  rest: REST;
  log: Logger;
  /** Whether the channel may send now (a stopped channel posts nothing). */
  sendReady: () => boolean;
  /** How often it is renewed while a turn runs (Discord shows it for ~10 s). */
  intervalMs: number;
  /** Called once it ends. */
  onEnd: () => void;
}

/** Shows "typing…" in `chatId` at once and renews it until `end()`; a failed post is only logged. */
export function startTyping(chatId: string, options: TypingOptions): WorkingIndicator {
  const route = Routes.channelTyping(chatId);
  const type = () => {
    if (!options.sendReady()) return;
    options.rest
      .post(route)
      .catch((error: unknown) => options.log.debug({ err: error, chatId }, "typing indicator failed"));
  };
  type();
  const timer = setInterval(type, options.intervalMs);
  timer.unref();
  return {
    end: () => {
      clearInterval(timer);
      options.onEnd();
    },
  };
}
