// STUB (owned by the Telegram/shared-channel work, issue 4): replace with the real policy.
import type { Logger } from "pino";
import type { SkeinConfig } from "../config/schema.js";
import type { InboundGate } from "./admission.js";

export interface AccessGateOptions {
  config: SkeinConfig;
  /** `$SKEIN_HOME`: approved pairings are stored under it. */
  home: string;
  log: Logger;
}

/**
 * The one access policy for every channel: allow lists, pairing of strangers in
 * direct messages, and the group policy (mention / open / disabled).
 */
export function createAccessGate(_options: AccessGateOptions): InboundGate {
  return { name: "access", admit: (message) => ({ type: "admit", message }) };
}
