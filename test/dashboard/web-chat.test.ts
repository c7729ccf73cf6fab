import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SessionFiles } from "../../src/agent/sessions/sessions.js";
import { createDaemon, type Daemon } from "../../src/daemon.js";
import { BodyError, readJsonBody, sendJson } from "../../src/dashboard/dashboard-http.js";
import { matchPath } from "../../src/dashboard/dashboard-routes.js";
import type { DashboardSession } from "../../src/dashboard/dashboard-sessions.js";
import type { ChatEvent } from "../../src/dashboard/web-chat/chat-events.js";
import { openWebChat, type WebChat } from "../../src/dashboard/web-chat/open-web-chat.js";
import { contentText, FakeOpenAI } from "../fakes/fake-openai.js";
import { askForTools, toolCallingResponder } from "../support/tool-calling-model.js";
import { waitUntil } from "../support/wait-until.js";

/**
 * The web chat in a daemon (in process): its endpoints on a plain HTTP server standing in for
 * the dashboard's checked requests, the real bus, gates, agent, attachments and redaction,
 * and a fake model. One daemon for the whole file.
 */
const SECRET = "sk-web-chat-secret-0123456789";
const MAX_FILE_BYTES = 4096;

let home: string;
let model: FakeOpenAI;
let daemon: Daemon;
let webChat: WebChat;
let server: Server;
let base: string;
const events: ChatEvent[] = [];

beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), "skein-web-chat-"));
  model = await FakeOpenAI.start();
  model.respondWith(toolCallingResponder);
  await writeFile(
    join(home, "config.json"),
    JSON.stringify({
      agents: { defaults: { max_attachment_bytes: MAX_FILE_BYTES } },
      tools: { approval: "ask", approval_required: ["read_file"], approval_timeout: 1 },
    }),
  );
  const log = pino({ level: "silent" });
  daemon = createDaemon({
    env: { HOME: home, SKEIN_HOME: home, OPENAI_BASE_URL: model.baseUrl, OPENAI_API_KEY: SECRET },
    cwd: home,
    ignoreDotEnv: true,
    log,
    channels: [
      {
        name: "web",
        create: ({ bus }) => {
          webChat = openWebChat({
            home,
            bus,
            loadSession: (key) => new SessionFiles({ dir: join(home, "sessions"), log }).load(key),
            redact: (text) => text.replaceAll(SECRET, "[redacted]"),
            maxFileBytes: MAX_FILE_BYTES,
          });
          webChat.events.subscribe((event) => events.push(event));
          return webChat.channel;
        },
      },
    ],
  });
  await daemon.start();
  server = createServer((request, response) => void serve(request, response));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server?.close();
  await daemon?.stop();
  await model?.close();
  await rm(home, { recursive: true, force: true });
});

/** The dashboard's API dispatch in brief: the web chat's routes, each request taken as checked. */
async function serve(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const url = new URL(request.url ?? "/", "http://dashboard");
  for (const route of webChat.routes) {
    const params = matchPath(route.path, url.pathname);
    if (!params || route.method !== request.method) continue;
    try {
      const answer = await route.handle({
        request,
        response,
        url,
        params,
        session: {} as DashboardSession,
        json: () => readJsonBody(request),
      });
      if ("status" in answer) sendJson(response, answer.status, answer.body);
    } catch (error) {
      if (!(error instanceof BodyError)) throw error;
      sendJson(response, 400, { error: error.message });
    }
    return;
  }
  sendJson(response, 404, { error: "no such endpoint" });
}

async function post(text: string, conversation?: string): Promise<{ conversation: string; message_id: string }> {
  const response = await fetch(`${base}/api/chat`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ text, ...(conversation && { conversation }) }),
  });
  expect(response.status).toBe(202);
  return (await response.json()) as { conversation: string; message_id: string };
}

/** The events of `conversation` once its reply is final (or failed). */
async function replyIn(conversation: string, after = 0): Promise<ChatEvent[]> {
  const mine = () => events.slice(after).filter((event) => event.conversation === conversation);
  await waitUntil(() => mine().some((event) => event.kind === "final" || event.kind === "error"), "the reply", 15_000);
  return mine();
}

describe("the web chat (the `web` channel and its endpoints, in a daemon)", () => {
  it("answers a message with streamed deltas, then the final text, in a new conversation", async () => {
    model.reply({ content: "Here is **the answer**, written in pieces.", pieces: { size: 8, delayMs: 5 } });
    const { conversation, message_id } = await post("hello web chat");
    expect(conversation).toMatch(/^c-[0-9a-f]{16}$/);
    expect(message_id).toMatch(new RegExp(`^web:${conversation}:`));
    const reply = await replyIn(conversation);
    const deltas = reply.filter((event) => event.kind === "delta");
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.map((event) => event.text).join("")).toBe("Here is **the answer**, written in pieces.");
    expect(reply.at(-1)).toEqual({ conversation, kind: "final", text: "Here is **the answer**, written in pieces." });

    const list = (await (await fetch(`${base}/api/chat/conversations`)).json()) as {
      conversations: Array<{ id: string; title: string; last_activity: string }>;
    };
    expect(list.conversations).toContainEqual({
      id: conversation,
      title: "hello web chat",
      last_activity: expect.any(String),
    });
  });

  it("shows a status line naming the tool while it runs, and the transcript keeps the call", async () => {
    const first = events.length;
    const { conversation } = await post(askForTools({ name: "list_directory", arguments: { path: "." } }));
    const reply = await replyIn(conversation, first);
    expect(reply).toContainEqual({ conversation, kind: "status", text: "running list_directory" });
    expect(reply.at(-1)).toMatchObject({ kind: "final", text: "done" });
    await daemon.idle();
    const transcript = (await (await fetch(`${base}/api/chat/${conversation}`)).json()) as {
      key: string;
      messages: Array<{ role: string; text: string; tool_calls?: Array<{ name: string }> }>;
    };
    expect(transcript.key).toBe(`web:${conversation}`);
    expect(transcript.messages.map((message) => message.role)).toEqual(["user", "assistant", "tool", "assistant"]);
    expect(transcript.messages[1]?.tool_calls?.[0]?.name).toBe("list_directory");
  });

  it("shows a call waiting for approval as a status line with the prompt and its id, then its outcome", async () => {
    const { conversation } = await post(askForTools({ name: "read_file", arguments: { path: "notes.txt" } }));
    const reply = await replyIn(conversation);
    const statuses = reply.filter((event) => event.kind === "status" && event.approval);
    expect(statuses[0]?.text).toContain("read_file");
    expect(statuses[0]?.text).toContain("notes.txt");
    expect(statuses[0]?.text).toContain("Approvals page");
    expect(statuses[0]?.approval).toMatch(/^[0-9a-f]{16}$/);
    expect(statuses).toHaveLength(2);
    expect(statuses[1]?.approval).toBe(statuses[0]?.approval);
  });

  it("delivers a message the message tool sends to a web conversation as one final event", async () => {
    const { conversation } = await post("hello");
    await replyIn(conversation);
    const before = events.length;
    const call = { name: "message", arguments: { channel: "web", chat_id: conversation, content: "a **note**" } };
    await post(askForTools(call), conversation);
    await waitUntil(
      () => events.slice(before).some((event) => event.kind === "final" && event.text === "done"),
      "the turn ends",
      15_000,
    );
    expect(events.slice(before)).toContainEqual({ conversation, kind: "final", text: "a **note**" });
  });

  it("starts the conversation afresh on /new, as every channel does", async () => {
    const { conversation } = await post("remember the word pelican");
    await replyIn(conversation);
    const before = events.length;
    await post("/new", conversation);
    await replyIn(conversation, before);
    const after = events.length;
    await post("which word?", conversation);
    await replyIn(conversation, after);
    const last = model.requests
      .at(-1)!
      .body.messages.map((message) => contentText(message.content))
      .join("\n");
    expect(last).toContain("which word?");
    expect(last).not.toContain("pelican");
  });

  it("saves an attached file to the workspace inbox under a safe name and tells the model where", async () => {
    const form = new FormData();
    form.append("file", new Blob(["name,amount\nada,3\n"], { type: "text/csv" }), "../../../etc/re\u202eport.csv");
    const uploaded = await fetch(`${base}/api/chat/files`, { method: "POST", body: form });
    expect(uploaded.status).toBe(200);
    const { conversation, files } = (await uploaded.json()) as { conversation: string; files: Array<{ name: string }> };
    expect(files).toEqual([{ name: "report.csv", size: 18 }]);
    await post("what is in the file?", conversation);
    await replyIn(conversation);
    const told = contentText(model.requests.at(-1)!.body.messages.at(-1)!.content);
    const saved = /saved to (inbox\/web\/[^ ]+)/.exec(told)?.[1];
    expect(saved, told).toMatch(new RegExp(`^inbox/web/${conversation}/\\d{4}-\\d{2}-\\d{2}-report\\.csv$`));
    expect(await readFile(join(home, "workspace", saved!), "utf8")).toBe("name,amount\nada,3\n");
  });

  it("drops a torn upload (a crash mid-upload) instead of failing the conversation's next message", async () => {
    const folder = join(home, "web-chat", "uploads", "c-torn");
    await mkdir(folder, { recursive: true });
    await writeFile(join(folder, "0b5e0a4e-6a57-4a3e-9d6c-4f3f1c0e2a11.json"), '{"name":');
    await post("anyone there?", "c-torn");
    expect((await replyIn("c-torn")).at(-1)).toMatchObject({ kind: "final", text: "echo: anyone there?" });
    expect(await readdir(folder)).toEqual(["sent"]);
  });

  it("refuses a file over the attachment limit with 413, and keeps nothing of it", async () => {
    const response = await fetch(`${base}/api/chat/files?conversation=c-toolarge`, {
      method: "POST",
      headers: { "x-file-name": "big.bin", "content-type": "application/octet-stream" },
      body: new Uint8Array(MAX_FILE_BYTES + 1),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: `a file is larger than the ${MAX_FILE_BYTES}-byte limit` });
    expect(existsSync(join(home, "web-chat", "uploads", "c-toolarge"))).toBe(false);
  });

  it("answers bad requests with a clear error and keeps serving", async () => {
    const send = (body: string, type = "application/json", path = "/api/chat") =>
      fetch(`${base}${path}`, { method: "POST", headers: { "content-type": type }, body });
    expect((await send("{not json")).status).toBe(400);
    expect((await send(JSON.stringify({ text: 42 }))).status).toBe(400);
    expect((await send(JSON.stringify({ text: "hi", conversation: "../etc" }))).status).toBe(400);
    expect((await send(JSON.stringify({ text: "  " }))).status).toBe(400);
    expect((await send(JSON.stringify({ text: "x".repeat(16_001) }))).status).toBe(413);
    expect((await fetch(`${base}/api/chat/..%2F..%2Fsecrets`)).status).toBe(404);
    const { conversation } = await post("still there?");
    expect((await replyIn(conversation)).at(-1)).toMatchObject({ kind: "final", text: "echo: still there?" });
  });

  it("never shows a configured secret: not in an event, a transcript nor the list", async () => {
    const first = events.length;
    const { conversation } = await post(`my key is ${SECRET}`);
    await replyIn(conversation, first);
    await daemon.idle();
    const shown = [
      JSON.stringify(events.slice(first)),
      await (await fetch(`${base}/api/chat/${conversation}`)).text(),
      await (await fetch(`${base}/api/chat/conversations`)).text(),
    ];
    for (const text of shown) expect(text).not.toContain(SECRET);
    expect(shown[0]).toContain("[redacted]");
  });
});
