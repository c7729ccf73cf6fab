import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApprovalBroker, DENIAL } from "../../src/approvals/approval-broker.js";
import { summarizeArguments } from "../../src/approvals/call-summary.js";
import type { ApprovalHandle, ApprovalPrompt, PressAnswer } from "../../src/channel-kit/approval.js";
import { resolveSandbox } from "../../src/sandbox/sandbox.js";
import { execShellTool } from "../../src/tools/builtin/exec-shell.js";
import { type ApprovalPolicy, ToolRegistry } from "../../src/tools/registry.js";
import type { ToolContext } from "../../src/tools/tool.js";
import { fakeTool, toolContext } from "../support/tool-context.js";

const silent = pino({ level: "silent" });

/** A channel that records the prompts it is asked to post and how they were settled. */
function promptingChannel() {
  const prompts: ApprovalPrompt[] = [];
  const settled: Array<{ id: string; text: string }> = [];
  const waiters: Array<() => void> = [];
  return {
    prompts,
    settled,
    channel: {
      async askApproval(prompt: ApprovalPrompt): Promise<ApprovalHandle> {
        prompts.push(prompt);
        for (const wake of waiters.splice(0)) wake();
        return { messageId: `prompt-${prompt.id}` };
      },
      async settleApproval(prompt: ApprovalPrompt, _handle: ApprovalHandle, text: string) {
        settled.push({ id: prompt.id, text });
      },
    },
    /** Resolves with the `count`th prompt once it was posted. */
    async prompt(count: number): Promise<ApprovalPrompt> {
      while (prompts.length < count) await new Promise<void>((wake) => waiters.push(wake));
      return prompts[count - 1]!;
    },
  };
}

function setup(approval: ApprovalPolicy = "ask", extra: { approvalRequired?: string[]; timeoutMs?: number } = {}) {
  const chat = promptingChannel();
  const broker = new ApprovalBroker({
    channel: (name) => (name === "test" ? chat.channel : undefined),
    approvers: ["test:boss"],
    timeoutMs: extra.timeoutMs ?? 60_000,
    log: silent,
  });
  const registry = new ToolRegistry({
    log: silent,
    approval,
    approvals: broker,
    ...(extra.approvalRequired ? { approvalRequired: extra.approvalRequired } : {}),
  });
  const runs: Array<Record<string, unknown>> = [];
  const record = async (args: Record<string, unknown>) => {
    runs.push(args);
    return "ran";
  };
  registry.register(fakeTool("shell", record, { safety: "privileged" }));
  registry.register(
    fakeTool("fetch", record, {
      needsApproval: (args) => !["GET", "HEAD"].includes(String(args.method ?? "GET")),
    }),
  );
  registry.register(fakeTool("note", record));
  registry.register(fakeTool("look", record, { safety: "read-only" }));
  return { chat, broker, registry, runs };
}

const press = (
  broker: ApprovalBroker,
  prompt: ApprovalPrompt,
  choice: "once" | "conversation" | "deny",
  userId = "user-1",
) =>
  // Without a relay (one process) the broker answers at once, not with a promise.
  broker.press({
    channel: "test",
    chatId: prompt.chatId,
    messageId: `prompt-${prompt.id}`,
    id: prompt.id,
    choice,
    by: { userId },
  }) as PressAnswer;

describe("which calls ask", () => {
  it("asks for web_fetch-like calls other than GET and HEAD, and for tools in approval_required, never for read-only tools", async () => {
    const { chat, broker, registry, runs } = setup("ask", { approvalRequired: ["note"] });
    expect(await registry.execute("fetch", '{"method":"GET"}', toolContext())).toMatchObject({ forLlm: "ran" });
    expect(await registry.execute("look", "{}", toolContext())).toMatchObject({ forLlm: "ran" });
    expect(chat.prompts).toHaveLength(0);

    const posting = registry.execute("fetch", '{"method":"POST","url":"https://example.com"}', toolContext());
    press(broker, await chat.prompt(1), "once");
    expect(await posting).toMatchObject({ forLlm: "ran" });
    const noting = registry.execute("note", '{"text":"x"}', toolContext());
    press(broker, await chat.prompt(2), "deny");
    expect(await noting).toMatchObject({ kind: "PermissionDenied", message: DENIAL.denied });
    expect(runs).toHaveLength(3);
  });

  it('refuses the same calls without asking when tools.approval is "deny"', async () => {
    const { chat, registry, runs } = setup("deny");
    expect(await registry.execute("fetch", '{"method":"DELETE"}', toolContext())).toMatchObject({
      kind: "PermissionDenied",
      message: 'this "fetch" call needs approval and tools.approval is "deny"',
    });
    expect(await registry.execute("shell", "{}", toolContext())).toMatchObject({ kind: "PermissionDenied" });
    expect(chat.prompts).toHaveLength(0);
    expect(runs).toHaveLength(0);
  });

  describe("exec_shell with tools.exec.allow", () => {
    let workspace: string;
    beforeAll(async () => {
      workspace = await mkdtemp(join(tmpdir(), "skein-approval-exec-"));
    });
    afterAll(async () => {
      await rm(workspace, { recursive: true, force: true });
    });

    it("runs allowed commands without asking, and runs another command once the user approved it", async () => {
      const { chat, broker, registry } = setup();
      const sandbox = resolveSandbox({ mode: "none", workspace });
      registry.register(
        execShellTool({ workspace, env: { PATH: process.env.PATH ?? "" }, allow: ["echo"], sandbox }) as never,
      );
      expect(await registry.execute("exec_shell", '{"command":"echo listed"}', toolContext())).toMatchObject({
        forLlm: { exit_code: 0, stdout: "listed\n" },
      });
      expect(chat.prompts).toHaveLength(0);
      const unlisted = registry.execute("exec_shell", '{"command":"printf approved"}', toolContext());
      const prompt = await chat.prompt(1);
      expect(prompt.summary).toBe("command: printf approved");
      press(broker, prompt, "once");
      expect(await unlisted).toMatchObject({ forLlm: { exit_code: 0, stdout: "approved" } });
    });
  });
});

describe("the approval broker", () => {
  it("runs exactly the approved call, with its arguments frozen, and uses a decision once", async () => {
    const { chat, broker, registry, runs } = setup();
    const running = registry.execute("shell", '{"command":"ls","nested":{"flag":true}}', toolContext());
    const prompt = await chat.prompt(1);
    expect(press(broker, prompt, "once").type).toBe("decided");
    await running;
    expect(runs).toEqual([{ command: "ls", nested: { flag: true } }]);
    expect(Object.isFrozen(runs[0]) && Object.isFrozen(runs[0]!.nested)).toBe(true);
    expect(press(broker, prompt, "once")).toEqual({ type: "gone", text: "This request was already decided." });
    expect(runs).toHaveLength(1);
  });

  it("lets only the requester or an approver decide", async () => {
    const { chat, broker, registry, runs } = setup();
    const running = registry.execute("shell", '{"command":"ls"}', toolContext());
    const prompt = await chat.prompt(1);
    expect(press(broker, prompt, "once", "someone-else")).toEqual({ type: "refused", text: "Not yours to approve." });
    expect(broker.pendingCount).toBe(1);
    expect(
      (
        broker.press({
          channel: "other",
          chatId: prompt.chatId,
          id: prompt.id,
          choice: "once",
          by: { userId: "user-1" },
        }) as PressAnswer
      ).type,
    ).toBe("gone");
    expect(press(broker, prompt, "deny", "boss")).toMatchObject({
      type: "decided",
      text: expect.stringContaining("🚫 Denied by boss"),
    });
    expect(await running).toMatchObject({ kind: "PermissionDenied", message: "denied by the user" });
    expect(runs).toHaveLength(0);
  });

  it("remembers 'for this conversation' per session and per exact arguments, until the conversation is reset", async () => {
    const { chat, broker, registry, runs } = setup();
    const first = registry.execute("shell", '{"command":"ls","depth":1}', toolContext());
    press(broker, await chat.prompt(1), "conversation");
    await first;
    // The same arguments in another key order are the same call.
    await registry.execute("shell", '{"depth":1,"command":"ls"}', toolContext());
    expect(chat.prompts).toHaveLength(1);
    expect(runs).toHaveLength(2);

    const otherSession = registry.execute(
      "shell",
      '{"command":"ls","depth":1}',
      toolContext({ sessionKey: "test:chat-2" }),
    );
    press(broker, await chat.prompt(2), "deny");
    await otherSession;
    const otherArguments = registry.execute("shell", '{"command":"ls","depth":2}', toolContext());
    press(broker, await chat.prompt(3), "deny");
    await otherArguments;

    broker.forgetConversation("test:chat-1");
    const afterReset = registry.execute("shell", '{"command":"ls","depth":1}', toolContext());
    press(broker, await chat.prompt(4), "deny");
    await afterReset;
    expect(runs).toHaveLength(2);
  });

  it("denies when nobody answers in time, and updates the prompt", async () => {
    const { chat, registry } = setup("ask", { timeoutMs: 50 });
    expect(await registry.execute("shell", "{}", toolContext())).toMatchObject({ message: DENIAL.timeout });
    expect(chat.settled).toEqual([{ id: chat.prompts[0]!.id, text: expect.stringContaining("No answer within 0 s") }]);
  });

  it("answers a press after the timeout as gone, even while the prompt is still being updated", async () => {
    const { chat, broker, registry, runs } = setup("ask", { timeoutMs: 50 });
    let release!: () => void;
    const updated = new Promise<void>((resolve) => {
      release = resolve;
    });
    let updating!: () => void;
    const updateStarted = new Promise<void>((resolve) => {
      updating = resolve;
    });
    const settle = chat.channel.settleApproval;
    chat.channel.settleApproval = async (...args) => {
      updating();
      await updated;
      return settle(...args);
    };

    const running = registry.execute("shell", "{}", toolContext());
    const prompt = await chat.prompt(1);
    await updateStarted;

    expect(press(broker, prompt, "once")).toMatchObject({ type: "gone" });
    release();
    expect(await running).toMatchObject({ message: DENIAL.timeout });
    expect(runs).toHaveLength(0);
  });

  it("denies in a chat that cannot show prompts", async () => {
    const { registry, runs } = setup();
    const elsewhere = toolContext({ channel: "webhook" });
    expect(await registry.execute("shell", "{}", elsewhere)).toMatchObject({ message: DENIAL.noPrompt });
    expect(runs).toHaveLength(0);
  });

  it("denies a waiting call when its turn is cancelled", async () => {
    const { chat, registry } = setup();
    const controller = new AbortController();
    const running = registry.execute("shell", "{}", toolContext({ signal: controller.signal }));
    await chat.prompt(1);
    controller.abort();
    expect(await running).toMatchObject({ kind: "PermissionDenied" });
    expect(chat.settled[0]?.text).toContain("Not run");
  });

  it("at shutdown denies what waits, says so in its prompt, and denies later calls at once", async () => {
    const { chat, broker, registry } = setup();
    const running = registry.execute("shell", "{}", toolContext());
    await chat.prompt(1);
    await broker.close();
    expect(await running).toMatchObject({ kind: "PermissionDenied", message: DENIAL.restart });
    expect(chat.settled[0]?.text).toContain("the bot is restarting");
    const late: ToolContext = toolContext();
    expect(await registry.execute("shell", '{"other":1}', late)).toMatchObject({ message: DENIAL.restart });
    expect(chat.prompts).toHaveLength(1);
  });
});

describe("the arguments a prompt shows", () => {
  it("hides secrets by name, by shape and by the config's values, and shows long values in full", () => {
    const summary = summarizeArguments(
      {
        command: "curl -H 'Authorization: Bearer abcdefghijklmnop' https://example.com?key=CONFIGSECRET",
        api_key: "sk-live-123456789",
        headers: { Authorization: "Basic dXNlcjpwYXNz", accept: "text/plain" },
        body: "x".repeat(1000),
      },
      (text) => text.split("CONFIGSECRET").join("[redacted]"),
    );
    expect(summary).not.toMatch(/abcdefghijklmnop|sk-live|dXNlcjpwYXNz|CONFIGSECRET/);
    expect(summary).toContain("api_key: [redacted]");
    expect(summary).toContain('"accept":"text/plain"');
    expect(summary.split("\n").find((line) => line.startsWith("body:"))).toBe(`body: ${"x".repeat(1000)}`);
  });
});
