import { get, type IncomingMessage } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FakeUser } from "../fakes/fake-telegram.js";
import { alice, chatOf, mallory, SECRETS, SkeinUnderAttack } from "../security/skein-under-attack.js";
import { bwrapWorks } from "../support/bwrap-works.js";
import { DashboardClient } from "../support/dashboard-client.js";
import { within } from "../support/within.js";

/**
 * The dashboard's API through the built CLI, one daemon for the file: every page's endpoint
 * answered from the daemon's own stores, its decisions taking effect in the chats, its event
 * stream, and no secret of the config in any answer.
 */

let skein: SkeinUnderAttack;
let client: DashboardClient;
/** Every API answer's text, for the secret crawl at the end. */
const answers: string[] = [];
const oscar: FakeUser = { id: 777, first_name: "Oscar", username: "oscar" };

beforeAll(async () => {
  skein = await SkeinUnderAttack.start({ tools: { approval: "ask", approval_required: ["write_file"] } });
  client = await DashboardClient.login(skein.home);
});
afterAll(async () => {
  await skein?.close();
});

async function read<T = Record<string, unknown>>(path: string): Promise<T> {
  const answer = await client.get<T>(path);
  answers.push(answer.text);
  expect(answer.status, answer.text).toBe(200);
  return answer.body;
}

async function act(method: "POST" | "DELETE", path: string, body?: unknown) {
  const answer = await client.call(method, path, body);
  answers.push(answer.text);
  return answer;
}

/** The next message the bot sends to `user`'s chat, once it arrives. */
async function nextTo(user: FakeUser, after: number): Promise<string> {
  for (let count = after + 1; ; count++) {
    const sent = await skein.telegram.waitForSent(count);
    const found = sent.slice(after).find((message) => message.chat_id === user.id);
    if (found) return found.visibleText;
  }
}

/** An event stream of the dashboard: resolves with the first frame of `event` from now on. */
async function openEvents(): Promise<{ next(event: string): Promise<string>; close(): void }> {
  const response = await new Promise<IncomingMessage>((resolve, reject) =>
    get({ host: "127.0.0.1", port: client.port, path: "/api/events", headers: { cookie: client.cookie } }, resolve).on(
      "error",
      reject,
    ),
  );
  let text = "";
  response.setEncoding("utf8");
  response.on("data", (chunk: string) => {
    text += chunk;
  });
  return {
    next: (event) => {
      const from = text.length;
      const found = () => text.slice(from).match(new RegExp(`event: ${event}\ndata: (.*)\n`))?.[1];
      return within(
        (async () => {
          while (!found()) await new Promise((resolve) => response.once("data", resolve));
          return found()!;
        })(),
        `an SSE ${event} event`,
        () => text.slice(from),
      );
    },
    close: () => response.destroy(),
  };
}

describe("the dashboard's API", () => {
  it("shows a conversation, finds it by search, and sends a conversation event live", async () => {
    const events = await openEvents();
    const conversationEvent = events.next("conversation");
    await skein.say(alice, 'answer "the plants need water"');
    expect(JSON.parse(await conversationEvent)).toEqual({ key: `telegram:${alice.id}` });
    events.close();

    const { conversations } = await read<{ conversations: Array<Record<string, unknown>> }>("/api/conversations");
    const mine = conversations.find((conversation) => conversation.key === `telegram:${alice.id}`);
    expect(mine).toMatchObject({ channel: "telegram", chat_id: String(alice.id), agent: "main" });
    expect(mine!.message_count).toBeGreaterThanOrEqual(2);

    const found = await read<{ conversations: Array<{ key: string; match: string }> }>("/api/conversations?q=PLANTS");
    expect(found.conversations.map((conversation) => conversation.key)).toEqual([`telegram:${alice.id}`]);
    expect(found.conversations[0]!.match).toContain("plants");
    expect(
      (await read<{ conversations: unknown[] }>("/api/conversations?q=nowhere-to-be-found")).conversations,
    ).toEqual([]);

    const transcript = await read<{ messages: Array<{ role: string; text: string }> }>(
      `/api/conversations/${encodeURIComponent(`telegram:${alice.id}`)}`,
    );
    expect(transcript.messages.at(-1)).toMatchObject({ role: "assistant", text: "the plants need water" });
  });

  it("lists a pending approval with the prompt's exact arguments, and runs the call when approved once", async () => {
    const before = skein.telegram.sent.length;
    skein.telegram.userMessage(
      chatOf(alice),
      alice,
      `tool ${JSON.stringify({ name: "write_file", arguments: { path: "from-dashboard.txt", content: "approved" } })}`,
    );
    const prompt = await nextTo(alice, before);
    expect(prompt).toContain("Approval needed");
    const { pending } = await read<{ pending: Array<Record<string, string>> }>("/api/approvals");
    expect(pending).toHaveLength(1);
    const [request] = pending;
    expect(request).toMatchObject({
      tool: "write_file",
      chat: `telegram:${alice.id}`,
      requested_by: `telegram:${alice.id}`,
    });
    expect(prompt).toContain(request!.arguments);
    expect(Date.parse(request!.expires_at!)).toBeGreaterThan(Date.now());

    const replied = skein.telegram.sent.length;
    const decided = await act("POST", `/api/approvals/${request!.id}`, { decision: "once" });
    expect(decided.status).toBe(200);
    expect(await nextTo(alice, replied)).toBe("done");
    const { readFile } = await import("node:fs/promises");
    expect(await readFile(`${skein.workspace}/from-dashboard.txt`, "utf8")).toBe("approved");

    const transcript = await read<{ messages: Array<Record<string, unknown>> }>(
      `/api/conversations/${encodeURIComponent(`telegram:${alice.id}`)}`,
    );
    const call = transcript.messages.find((message) => Array.isArray(message.tool_calls));
    expect(call!.tool_calls).toEqual([expect.objectContaining({ name: "write_file" })]);
    expect(transcript.messages.some((message) => message.role === "tool")).toBe(true);

    const again = await act("POST", `/api/approvals/${request!.id}`, { decision: "deny" });
    expect(again.status).toBe(409);
    const { recent } = await read<{ recent: Array<Record<string, string>> }>("/api/approvals");
    expect(recent[0]).toMatchObject({ id: request!.id, tool: "write_file", decision: "once" });
    expect(recent[0]!.where).toMatch(/^dashboard:[0-9a-f]{12}$/);
    expect((await act("POST", `/api/approvals/${request!.id}`, { decision: "maybe" })).status).toBe(400);
  });

  it("approves a pairing code so the stranger is answered, denies another, and revokes", async () => {
    const strangers = skein.telegram.sent.length;
    skein.telegram.userMessage(chatOf(mallory), mallory, "hello?");
    expect(await nextTo(mallory, strangers)).toContain("pairing code");
    const oscarAsked = skein.telegram.sent.length;
    skein.telegram.userMessage(chatOf(oscar), oscar, "me too");
    await nextTo(oscar, oscarAsked);

    const { pending } = await read<{ pending: Array<Record<string, unknown>> }>("/api/pairing");
    const malloryCode = pending.find((entry) => entry.sender === "@mallory");
    const oscarCode = pending.find((entry) => entry.sender === "@oscar");
    expect(malloryCode).toMatchObject({ channel: "telegram", name: "Mallory" });
    expect(malloryCode!.age_s).toBeGreaterThanOrEqual(0);

    expect((await act("POST", "/api/pairing/approve", { channel: "telegram", code: malloryCode!.code })).status).toBe(
      200,
    );
    expect((await skein.say(mallory, 'answer "welcome"')).visibleText).toBe("welcome");
    expect((await act("POST", "/api/pairing/deny", { channel: "telegram", code: oscarCode!.code })).status).toBe(200);
    const after = await read<{ pending: unknown[]; approved: Array<Record<string, string>> }>("/api/pairing");
    expect(after.pending).toEqual([]);
    expect(after.approved).toEqual([expect.objectContaining({ channel: "telegram", sender: String(mallory.id) })]);

    expect((await act("POST", "/api/pairing/revoke", { channel: "telegram", sender: "@mallory" })).status).toBe(200);
    expect((await read<{ approved: unknown[] }>("/api/pairing")).approved).toEqual([]);
    expect((await act("POST", "/api/pairing/approve", { channel: "telegram", code: "NOPE1234" })).status).toBe(404);
  });

  it("lists a scheduled job with its next run and target, runs it now, and removes it", async () => {
    await skein.callTool("schedule", { action: "add", text: "water the ferns", at: "2099-01-01T09:00:00Z" });
    const { jobs } = await read<{ jobs: Array<Record<string, string>> }>("/api/schedules");
    expect(jobs).toHaveLength(1);
    const [job] = jobs;
    expect(job).toMatchObject({
      kind: "reminder",
      target: `telegram:${alice.id}`,
      next_run: "2099-01-01T09:00:00.000Z",
    });

    const before = skein.telegram.sent.length;
    expect((await act("POST", `/api/schedules/${job!.id}/run`)).status).toBe(200);
    expect(await nextTo(alice, before)).toContain("water the ferns");
    expect((await act("DELETE", `/api/schedules/${job!.id}`)).status).toBe(200);
    expect((await read<{ jobs: unknown[] }>("/api/schedules")).jobs).toEqual([]);
    expect((await act("DELETE", `/api/schedules/${job!.id}`)).status).toBe(404);
  });

  it("shows today's tokens by model, chat and user, with no cost for an unpriced model", async () => {
    const usage = await read<{ days: Array<Record<string, unknown>>; by_chat: Array<Record<string, unknown>> }>(
      "/api/usage?days=7",
    );
    const today = new Date().toISOString().slice(0, 10);
    const day = usage.days.find((entry) => entry.date === today);
    expect(day!.input_tokens).toBeGreaterThan(0);
    expect(day!.output_tokens).toBeGreaterThan(0);
    expect(day!.cost).toBeNull(); // no price configured for the model: the page shows `-`, as `skein usage` does
    expect(usage.by_chat.map((entry) => entry.chat)).toContain(`telegram:${alice.id}`);
  });

  it("shows the overview: the channel's state, uptime, sandbox and the turn charts", async () => {
    const overview = await read<Record<string, unknown>>("/api/overview");
    expect(overview.channels).toContainEqual({ name: "telegram", state: "connected" });
    expect(overview.cluster).toBeNull();
    expect(overview.uptime_s).toBeGreaterThanOrEqual(0);
    // What is in effect, as `skein doctor` says it, not the setting (`auto`).
    expect(overview.sandbox).toMatchObject(
      bwrapWorks()
        ? { mode: "bubblewrap", network: "public", detail: expect.stringMatching(/^commands run in bubblewrap/) }
        : { mode: "refused", detail: expect.stringMatching(/^commands are refused/) },
    );
    const { hour, day } = overview.series as Record<string, { t: number[]; turns: number[]; latency_ms: number[] }>;
    expect(hour!.t).toHaveLength(60);
    expect(day!.t).toHaveLength(96);
    expect(hour!.turns.reduce((sum, turns) => sum + turns, 0)).toBeGreaterThanOrEqual(3);
    expect(Math.max(...hour!.latency_ms)).toBeGreaterThan(0);
  });

  it("tails the log with level filters, and shows the config with each value's source and secrets masked", async () => {
    const { lines } = await read<{ lines: Array<Record<string, string>> }>("/api/logs?level=info&limit=1000");
    expect(lines.some((line) => line.msg === "skein ready")).toBe(true);
    expect(lines.every((line) => line.level !== "debug")).toBe(true);

    const { entries } = await read<{ entries: Array<Record<string, unknown>> }>("/api/config");
    const entry = (key: string) => entries.find((candidate) => candidate.key === key);
    expect(entry("providers.openai.api_key")).toEqual({
      key: "providers.openai.api_key",
      value: "••••",
      source: "env",
      secret: true,
    });
    expect(entry("tools.web_search.api_key")).toMatchObject({ value: "••••", source: "file", secret: true });
    expect(entry("tools.approval")).toMatchObject({ value: "ask", source: "file", secret: false });
    expect(entry("dashboard.session_ttl")).toMatchObject({ value: 604800, source: "default" });
  });

  it("carries no secret of the config in any answer", async () => {
    for (const path of ["/api/session", "/", "/api/logs?limit=1000"])
      answers.push((await client.get(path).catch(() => ({ text: "" }))).text);
    expect(answers.length).toBeGreaterThan(15);
    for (const secret of Object.values(SECRETS)) expect(answers.join("\n")).not.toContain(secret);
    expect(answers.join("\n")).not.toContain(skein.telegram.token);
  });
});
