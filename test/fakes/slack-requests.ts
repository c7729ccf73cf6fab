/** What Slack posts to the app, signed as Slack signs it: Events API bodies and interactive payloads (button presses). */
import { createHmac } from "node:crypto";

/** How a test signs an event (a stale timestamp or a wrong secret makes a request Slack would not send). */
export interface SignedEventOptions {
  /** Seconds since the epoch put in `x-slack-request-timestamp` (default now). */
  timestamp?: number;
  /** Sign with this secret instead (a wrong one makes a bad signature). */
  signWith?: string;
}

/** What a `block_actions` payload says: who pressed which button under which bot message. */
export interface BlockActionsInput {
  user: { id: string; username?: string };
  channel: string;
  /** The message the buttons are on: its ts (and thread), as Slack includes it. */
  message: { ts: string; text?: string; thread_ts?: string };
  actionId: string;
  value?: string;
  teamId?: string;
}

/** The interactive payload Slack sends when a Block Kit button is pressed (`type: "block_actions"`). */
export function blockActions(input: BlockActionsInput): Record<string, unknown> {
  const teamId = input.teamId ?? "T1";
  return {
    type: "block_actions",
    user: {
      id: input.user.id,
      username: input.user.username ?? input.user.id,
      name: input.user.username ?? input.user.id,
      team_id: teamId,
    },
    api_app_id: "A1",
    token: "verification-token",
    container: { type: "message", message_ts: input.message.ts, channel_id: input.channel, is_ephemeral: false },
    trigger_id: `${Date.now()}.trigger`,
    team: { id: teamId, domain: "fake" },
    channel: { id: input.channel, name: "chat" },
    message: {
      type: "message",
      ts: input.message.ts,
      text: input.message.text ?? "",
      ...(input.message.thread_ts ? { thread_ts: input.message.thread_ts } : {}),
    },
    response_url: "https://hooks.slack.invalid/actions/T1/1/x",
    actions: [
      {
        type: "button",
        action_id: input.actionId,
        block_id: "approval",
        text: { type: "plain_text", text: "button" },
        value: input.value ?? input.actionId,
        action_ts: `${Date.now() / 1000}`,
      },
    ],
  };
}

/** POSTs an interactive payload as Slack does: form-encoded `payload=<json>`, signed like events. */
export function postSignedInteraction(
  url: string,
  signingSecret: string,
  payload: Record<string, unknown>,
): Promise<Response> {
  const body = new URLSearchParams({ payload: JSON.stringify(payload) }).toString();
  return postSigned(url, body, "application/x-www-form-urlencoded", signingSecret);
}

/** POSTs an Events API body to Bolt's endpoint, signed with v0 = HMAC-SHA256(secret, `v0:<ts>:<body>`). */
export function postSignedEvent(
  url: string,
  signingSecret: string,
  payload: Record<string, unknown>,
  options: SignedEventOptions = {},
): Promise<Response> {
  return postSigned(
    url,
    JSON.stringify(payload),
    "application/json",
    options.signWith ?? signingSecret,
    options.timestamp,
  );
}

/** POSTs `body` with Slack's signature headers: v0 = HMAC-SHA256(secret, `v0:<timestamp>:<body>`). */
function postSigned(
  url: string,
  body: string,
  contentType: string,
  secret: string,
  timestamp = Math.floor(Date.now() / 1000),
): Promise<Response> {
  const signature = createHmac("sha256", secret).update(`v0:${timestamp}:${body}`).digest("hex");
  return fetch(url, {
    method: "POST",
    headers: {
      "content-type": contentType,
      "x-slack-request-timestamp": String(timestamp),
      "x-slack-signature": `v0=${signature}`,
    },
    body,
  });
}
