import type { InboundMessage } from "../bus/messages.js";

/** A gate's verdict on an inbound message before the agent sees it. */
export type Admission =
  /** Let it through (possibly rewritten, e.g. with the mention stripped). */
  | { type: "admit"; message: InboundMessage }
  /** Answer with this text and run no turn (a pairing code). */
  | { type: "reply"; text: string }
  /** Drop it silently (a duplicate, a stranger in a group, a group without a mention). */
  | { type: "ignore"; reason: string };

/**
 * A check every inbound platform message passes before it reaches a session:
 * de-duplication and access control are gates. Internal messages skip the gates.
 */
export interface InboundGate {
  readonly name: string;
  admit(message: InboundMessage): Promise<Admission> | Admission;
}
