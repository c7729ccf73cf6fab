import type { ApprovalChoice } from "../../channel-kit/approval.js";
import { type ApiRoute, apiError, ok } from "../dashboard-routes.js";
import type { DashboardSources } from "../dashboard-sources.js";

const choices: readonly ApprovalChoice[] = ["once", "conversation", "deny"];

/** The approvals page: pending calls with the exact text of their chat prompt, recent decisions, and deciding. */
export function approvalRoutes(sources: DashboardSources): ApiRoute[] {
  const { approvals } = sources;
  return [
    {
      method: "GET",
      path: "/api/approvals",
      handle: async () =>
        ok({
          pending: (await approvals.pendingRequests()).map(({ prompt, requester, expiresAt }) => ({
            id: prompt.id,
            tool: prompt.tool,
            arguments: prompt.summary,
            text: prompt.text,
            chat: `${prompt.channel}:${prompt.chatId}${prompt.threadId ? `:${prompt.threadId}` : ""}`,
            requested_by: requester,
            offers_conversation: prompt.offersConversation,
            expires_at: new Date(expiresAt).toISOString(),
          })),
          recent: approvals.decisions.recent().map((record) => ({
            id: record.id,
            tool: record.tool,
            decision: record.decision,
            decided_by: record.decidedBy,
            where: record.where,
            time: new Date(record.time).toISOString(),
          })),
        }),
    },
    {
      method: "POST",
      path: "/api/approvals/:id",
      handle: async ({ params, json, session }) => {
        const decision = (await json()).decision;
        if (!choices.includes(decision as ApprovalChoice))
          return apiError(400, '"decision" must be "once", "conversation" or "deny"');
        const outcome = await approvals.decideFor(params.id!, decision as ApprovalChoice, `dashboard:${session.id}`);
        return outcome === "decided" ? ok() : apiError(409, "this request was decided already, or it expired");
      },
    },
  ];
}
