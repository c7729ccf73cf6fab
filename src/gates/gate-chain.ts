/**
 * The gates: what every platform message passes before the agent sees it. `gate.ts` is a gate's contract,
 * `gate-chain.ts` runs them in order, `access-gate.ts` is the one access policy of every channel (allow lists,
 * pairing of strangers in direct messages, the group policy; the stores are `src/access/`'s), and
 * `sender-permission.ts` says who may change a conversation's settings (such as `/model`). De-duplication is
 * not a gate: the journal (`src/bus/`) never hands out again a message it has seen in any state.
 */

import type { Logger } from "pino";
import type { InboundMessage } from "../bus/messages.js";
import type { Admission, InboundGate } from "./gate.js";

/**
 * The gates every platform message passes, in order (access; de-duplication is the journal's). The first gate
 * that does not admit decides; internal messages (background results) skip the gates.
 */
export class GateChain {
  readonly #gates: readonly InboundGate[];
  readonly #log: Logger;

  constructor(gates: readonly InboundGate[], log: Logger) {
    this.#gates = gates;
    this.#log = log;
  }

  /** Runs the gates; a `reply` is for the caller to deliver, an `ignore` is logged at debug level. */
  async admit(inbound: InboundMessage): Promise<Admission> {
    let message = inbound;
    if (message.internal) return { type: "admit", message };
    for (const gate of this.#gates) {
      const admission = await gate.admit(message);
      if (admission.type === "admit") {
        message = admission.message;
        continue;
      }
      if (admission.type === "ignore") {
        this.#log.debug(
          { gate: gate.name, reason: admission.reason, channel: message.channel, chatId: message.chatId },
          "message ignored",
        );
      }
      return admission;
    }
    return { type: "admit", message };
  }
}
