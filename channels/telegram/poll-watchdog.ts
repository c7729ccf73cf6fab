import type { Transformer } from "grammy";
import type { Logger } from "pino";

/** grammY types its signals with the abort-controller polyfill; Node's native ones work the same. */
export type GrammySignal = Parameters<Transformer>[3];

export interface PollWatchdogOptions {
  /** A getUpdates call without an answer for this long has stalled (well beyond the long-poll timeout). */
  stallAfterMs: number;
  log: Logger;
  /** A getUpdates call was answered successfully. */
  onAnswer: () => void;
  /** A getUpdates call failed (not one the watchdog restarted, nor one cancelled by stopping). */
  onFailure: (detail: string) => void;
  now?: () => number;
}

export interface PollWatchdog {
  /** Installed with `bot.api.config.use`: watches every getUpdates call. */
  readonly transformer: Transformer;
  start(): void;
  stop(): void;
}

/**
 * Detects a stalled long poll (a getUpdates call hanging on a dead connection) and
 * restarts it: the hanging call is aborted and issued again at once, with the same offset.
 */
export function createPollWatchdog(options: PollWatchdogOptions): PollWatchdog {
  const now = options.now ?? Date.now;
  let inFlight: { controller: AbortController; startedAt: number } | undefined;
  const restarted = new WeakSet<AbortController>();
  let timer: NodeJS.Timeout | undefined;

  const check = () => {
    if (!inFlight || now() - inFlight.startedAt <= options.stallAfterMs) return;
    const seconds = Math.round((now() - inFlight.startedAt) / 1000);
    options.log.warn(`telegram polling stalled: no answer to getUpdates for ${seconds} s; restarting the poller`);
    options.onFailure(`polling stalled (no answer to getUpdates for ${seconds} s); restarting`);
    restarted.add(inFlight.controller);
    inFlight.controller.abort();
  };

  const watched = async (...[previous, method, payload, signal]: Parameters<Transformer>) => {
    for (;;) {
      const controller = new AbortController();
      const forward = () => controller.abort();
      if (signal?.aborted) controller.abort();
      signal?.addEventListener("abort", forward);
      inFlight = { controller, startedAt: now() };
      try {
        const answer = await previous(method, payload, controller.signal as unknown as GrammySignal);
        if (answer.ok) options.onAnswer();
        else options.onFailure(`getUpdates failed: ${answer.error_code} ${answer.description}`);
        return answer;
      } catch (error) {
        if (restarted.has(controller) && !signal?.aborted) continue;
        if (!signal?.aborted) options.onFailure(`getUpdates failed: ${(error as Error).message}`);
        throw error;
      } finally {
        signal?.removeEventListener("abort", forward);
        if (inFlight?.controller === controller) inFlight = undefined;
      }
    }
  };
  // Other calls pass straight through: no async frame of their own on every sendMessage.
  const transformer: Transformer = (previous, method, payload, signal) =>
    method === "getUpdates" ? watched(previous, method, payload, signal) : previous(method, payload, signal);

  return {
    transformer,
    start() {
      clearInterval(timer);
      timer = setInterval(check, Math.max(50, Math.min(5_000, options.stallAfterMs / 4)));
      timer.unref();
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
    },
  };
}
