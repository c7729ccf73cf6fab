import type { App, SocketModeReceiver } from "@slack/bolt";
import type { Logger } from "pino";

/** What the Socket Mode client emits for each envelope (`slack_event`). */
interface SocketEnvelope {
  ack: (response?: Record<string, unknown>) => Promise<void>;
  body: Record<string, unknown>;
  retry_num?: number;
  retry_reason?: string;
}

/**
 * Makes a Socket Mode receiver acknowledge each envelope only after Bolt processed it,
 * that is after the message was durably recorded. Bolt acks Events API envelopes before
 * its listeners run, so a crash in between would lose the event; here a failed record
 * (the app's error handler rethrows) leaves the envelope unacknowledged, and Slack sends
 * it again. Call it before the receiver starts; `app` is the App built on the receiver.
 */
export function ackAfterRecord(receiver: SocketModeReceiver, app: () => App | undefined, log: Logger): void {
  receiver.client.removeAllListeners("slack_event");
  receiver.client.on("slack_event", async (envelope: SocketEnvelope) => {
    try {
      await app()?.processEvent({
        body: envelope.body,
        // Bolt's early ack of events becomes a no-op: the envelope is acked below.
        ack: async () => undefined,
        ...(envelope.retry_num !== undefined ? { retryNum: envelope.retry_num } : {}),
        ...(envelope.retry_reason !== undefined ? { retryReason: envelope.retry_reason } : {}),
        customProperties: {},
      });
    } catch (error) {
      log.warn({ err: error }, "a Slack event was not recorded: not acknowledged, so Slack sends it again");
      return;
    }
    await envelope.ack().catch((error: unknown) => log.debug({ err: error }, "acknowledging a Slack envelope failed"));
  });
}
