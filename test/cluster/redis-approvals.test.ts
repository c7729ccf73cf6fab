import type { Redis } from "ioredis";
import { pino } from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ApprovalBroker } from "../../src/approvals/approval-broker.js";
import { connectRedis } from "../../src/bus/redis-connection.js";
import type { ApprovalChoice, ApprovalHandle, ApprovalPrompt } from "../../src/channel-kit/approval.js";
import { RedisApprovals } from "../../src/cluster/redis-approvals.js";
import type { ApprovalVerdict } from "../../src/tools/approval-gate.js";
import { redisSkipReason } from "../support/redis-server.js";
import { toolContext } from "../support/tool-context.js";
import { useRedisConnections, useRedisServer } from "./cluster-daemons.js";

const silent = pino({ level: "silent" });

/** One process's broker on the shared Redis, with a chat that records its prompts. */
interface Member {
  broker: ApprovalBroker;
  relay: RedisApprovals;
  prompts: ApprovalPrompt[];
  settled: string[];
  /** The command connection (the relay closes its subscriber itself). */
  redis: Redis;
}

describe.skipIf(redisSkipReason)("tool approvals across the processes of a cluster", () => {
  const redisServer = useRedisServer();
  const connections = useRedisConnections(redisServer);
  let admin: Redis;
  let members: Member[];
  beforeEach(() => {
    [admin] = connections();
    members = [];
  });
  afterEach(async () => {
    for (const member of members) {
      await member.broker.close();
      member.redis.disconnect();
    }
  });

  async function join(name: string, timeoutMs = 60_000): Promise<Member> {
    const [redis, subscriber] = [
      await connectRedis({ url: redisServer().url }),
      await connectRedis({ url: redisServer().url }),
    ];
    const relay = new RedisApprovals({ redis, subscriber, prefix: "skein:", member: name });
    await relay.subscribed();
    const prompts: ApprovalPrompt[] = [];
    const settled: string[] = [];
    const broker = new ApprovalBroker({
      channel: () => ({
        async askApproval(prompt: ApprovalPrompt): Promise<ApprovalHandle> {
          prompts.push(prompt);
          return { messageId: `prompt-${prompt.id}` };
        },
        async settleApproval(_prompt: ApprovalPrompt, _handle: ApprovalHandle, text: string) {
          settled.push(text);
        },
      }),
      approvers: ["test:boss"],
      timeoutMs,
      log: silent,
      relay,
    });
    const member = { broker, relay, prompts, settled, redis };
    members.push(member);
    return member;
  }

  /** Asks `member` whether the shell call may run in session `session`; resolves once the prompt is posted. */
  async function ask(member: Member, session = "test:chat-1", command = "ls") {
    const before = member.prompts.length;
    const verdict = member.broker.approve({
      tool: "exec_shell",
      args: { command },
      ctx: toolContext({ sessionKey: session }),
    });
    const prompt = await Promise.race([
      (async () => {
        while (member.prompts.length === before) await new Promise((resolve) => setTimeout(resolve, 1));
        return member.prompts.at(-1)!;
      })(),
      verdict.then(() => undefined),
    ]);
    return { verdict, prompt };
  }

  const pressIn = (member: Member, prompt: ApprovalPrompt, choice: ApprovalChoice, userId = "user-1") =>
    member.broker.press({
      channel: prompt.channel,
      chatId: prompt.chatId,
      messageId: `prompt-${prompt.id}`,
      id: prompt.id,
      choice,
      by: { userId, name: userId },
    });

  it("decides a call waiting in one process with a press that reached another, once", async () => {
    const [receiver, waiter] = [await join("a"), await join("b")];
    const { verdict, prompt } = await ask(waiter);
    expect(await pressIn(receiver, prompt!, "once", "someone-else")).toEqual({
      type: "refused",
      text: "Not yours to approve.",
    });
    const answer = await pressIn(receiver, prompt!, "once");
    expect(answer).toEqual({ type: "decided", text: `${prompt!.text}\n\n✅ Allowed once by user-1` });
    expect(await verdict).toEqual<ApprovalVerdict>({ type: "approved" });
    expect(await pressIn(receiver, prompt!, "deny")).toEqual({
      type: "gone",
      text: "This request expired or was already decided.",
    });
    expect(await pressIn(waiter, prompt!, "deny")).toMatchObject({ type: "gone" });
  });

  it("lists a call waiting in one process on another's dashboard, and its dashboard decision runs it there", async () => {
    const [dashboard, waiter] = [await join("a"), await join("b")];
    const { verdict, prompt } = await ask(waiter);
    const pending = await dashboard.broker.pendingRequests();
    expect(pending).toEqual([
      expect.objectContaining({
        prompt: expect.objectContaining({ id: prompt!.id, tool: "exec_shell", summary: prompt!.summary }),
        requester: prompt && expect.any(String),
      }),
    ]);
    expect(pending[0]!.expiresAt).toBeGreaterThan(Date.now());
    expect(await dashboard.broker.decideFor(prompt!.id, "once", "dashboard:0123456789ab")).toBe("decided");
    expect(await verdict).toEqual<ApprovalVerdict>({ type: "approved" });
    expect(waiter.broker.decisions.recent()[0]).toMatchObject({ where: "dashboard:0123456789ab", decision: "once" });
    expect(await dashboard.broker.decideFor(prompt!.id, "deny", "dashboard:0123456789ab")).toBe("gone");
    expect(await dashboard.broker.pendingRequests()).toEqual([]);
  });

  it("lets an approver deny from another process, and the waiting call is denied", async () => {
    const [receiver, waiter] = [await join("a"), await join("b")];
    const { verdict, prompt } = await ask(waiter);
    expect(await pressIn(receiver, prompt!, "deny", "boss")).toMatchObject({ type: "decided" });
    expect(await verdict).toEqual({ type: "denied", message: "denied by the user" });
  });

  it("shares 'for this conversation': the next same call asks in no process, until /new in any", async () => {
    const [first, second] = [await join("a"), await join("b")];
    const { verdict, prompt } = await ask(second);
    expect(await pressIn(first, prompt!, "conversation")).toMatchObject({ type: "decided" });
    expect(await verdict).toMatchObject({ type: "approved" });
    for (const member of [first, second]) {
      const again = await ask(member);
      expect(again.prompt).toBeUndefined();
      expect(await again.verdict).toMatchObject({ type: "approved" });
    }
    expect((await ask(first, "test:other-chat")).prompt).toBeDefined();
    second.broker.forgetConversation("test:chat-1");
    await expect.poll(() => admin.exists("skein:approval-grants:test:chat-1")).toBe(0);
    expect((await ask(first)).prompt).toBeDefined();
  });

  it("decides once when the press reaches two processes at the same moment", async () => {
    const [receiver, waiter] = [await join("a"), await join("b")];
    const { verdict, prompt } = await ask(waiter);
    const answers = await Promise.all([pressIn(receiver, prompt!, "once"), pressIn(waiter, prompt!, "deny")]);
    expect(answers.map((answer) => answer.type).sort()).toEqual(["decided", "gone"]);
    const decided = answers.findIndex((answer) => answer.type === "decided");
    expect(await verdict).toEqual(
      decided === 0 ? { type: "approved" } : { type: "denied", message: "denied by the user" },
    );
  });

  it("answers a press for a request whose process died as expired", async () => {
    const [receiver, doomed] = [await join("a"), await join("b")];
    const { prompt } = await ask(doomed);
    // SIGKILL: its connections drop, and the request it shared is still in Redis.
    await doomed.relay.close();
    await expect.poll(async () => (await admin.pubsub("NUMSUB", "skein:approvals:b"))[1]).toBe(0);
    expect(await pressIn(receiver, prompt!, "once")).toEqual({
      type: "gone",
      text: "This request expired: the bot process that asked for it stopped, so nothing was run.",
    });
  });

  it("withdraws a request that timed out: a later press anywhere finds it gone, and its prompt says so", async () => {
    const [receiver, waiter] = [await join("a"), await join("b", 200)];
    const { verdict, prompt } = await ask(waiter);
    expect(await verdict).toEqual({ type: "denied", message: "approval timed out" });
    expect(waiter.settled).toEqual([expect.stringContaining("No answer within")]);
    await expect.poll(() => admin.exists(`skein:approval:${prompt!.id}`)).toBe(0);
    expect(await pressIn(receiver, prompt!, "once")).toMatchObject({ type: "gone" });
  });
});
