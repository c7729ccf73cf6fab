import type { Logger } from "pino";
import type { ApprovalPrompt } from "../channel-kit/approval.js";
import type { ApprovalRelay, SharedApprovalRequest } from "./approval-relay.js";

/** How long a shared request outlives its timeout in Redis (a press then is answered as gone). */
const SHARED_REQUEST_MARGIN_MS = 5_000;

/** A request waiting for an answer, as the dashboard lists it. */
export interface WaitingRequest {
  prompt: ApprovalPrompt;
  requester: string;
  expiresAt: number;
}

/** Cluster: posts the request where every process finds it (a failure leaves it to this process's presses). */
export async function shareRequest(
  relay: ApprovalRelay | undefined,
  prompt: ApprovalPrompt,
  requester: string,
  timeoutMs: number,
  log: Logger,
): Promise<void> {
  const request: SharedApprovalRequest = {
    id: prompt.id,
    channel: prompt.channel,
    chatId: prompt.chatId,
    ...(prompt.threadId ? { threadId: prompt.threadId } : {}),
    requester,
    text: prompt.text,
    offersConversation: prompt.offersConversation,
    tool: prompt.tool,
    summary: prompt.summary,
  };
  await relay
    ?.publish(request, timeoutMs + SHARED_REQUEST_MARGIN_MS)
    .catch((error: unknown) =>
      log.warn(
        { err: error, id: prompt.id },
        "sharing the approval request failed: only presses reaching this process decide it",
      ),
    );
}

/** Cluster: the requests other processes wait on (none without a relay, or when it is out of reach). */
export async function requestsElsewhere(
  relay: ApprovalRelay | undefined,
  isHere: (id: string) => boolean,
): Promise<WaitingRequest[]> {
  const shared = (await relay?.list?.().catch(() => undefined)) ?? [];
  return shared
    .filter((request) => !isHere(request.id))
    .map(({ expiresAt, requester, tool, summary, ...request }) => ({
      prompt: { ...request, tool: tool ?? "", summary: summary ?? request.text },
      requester,
      // The shared copy outlives the request by a margin; the request itself expires before.
      expiresAt: expiresAt - SHARED_REQUEST_MARGIN_MS,
    }));
}
