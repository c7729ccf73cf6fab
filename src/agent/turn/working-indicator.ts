import type { Logger } from "pino";
import type { InboundMessage } from "../../bus/messages.js";
import type { WorkingIndicator } from "../../channel-kit/channel.js";
import type { TurnRunnerOptions } from "./turn-contract.js";

/** The channel's "working on it" indicator for `message`, when it has one; a failing one is logged, never fatal. */
export function startIndicator(
  options: Pick<TurnRunnerOptions, "indicateWorking" | "log">,
  message: InboundMessage,
): WorkingIndicator | undefined {
  try {
    return options.indicateWorking?.(message);
  } catch (error) {
    options.log.debug({ err: error, channel: message.channel }, "the working indicator failed");
    return undefined;
  }
}

/** Ends the indicator (again is harmless); a failure is logged, never fatal. */
export function endIndicator(log: Logger, indicator: WorkingIndicator | undefined): void {
  try {
    indicator?.end();
  } catch (error) {
    log.debug({ err: error }, "ending the working indicator failed");
  }
}
