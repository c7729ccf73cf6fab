// STUB (owned by the Telegram/shared-channel work, issue 4): make it survive restarts.
import type { Logger } from "pino";
import type { InboundGate } from "../access/admission.js";

export interface DedupGateOptions {
  /** `$SKEIN_HOME`: seen message ids are kept under it so a restart does not answer twice. */
  home: string;
  log: Logger;
}

/** Lets each platform message id through once. */
export function createDedupGate(_options: DedupGateOptions): InboundGate {
  const seen = new Set<string>();
  return {
    name: "dedup",
    admit(message) {
      if (seen.has(message.id)) return { type: "ignore", reason: "duplicate" };
      seen.add(message.id);
      return { type: "admit", message };
    },
  };
}
