import { readFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Responder } from "../fakes/fake-openai.js";
import { eventually, World } from "../reliability/harness.js";
import { DashboardClient, send } from "../support/dashboard-client.js";
import { type EventStream, openEventStream } from "../support/event-stream.js";
import { askForTools, toolCallingResponder } from "../support/tool-calling-model.js";

/**
 * The web chat through the built CLI: `skein start` (with Telegram, as it needs a platform
 * channel) serves the dashboard; a browser logged in with `skein dashboard` talks to the
 * agent over `/api/chat` and follows `chat` events on `/api/events`. One daemon for the file,
 * restarted once by the SIGKILL test at its end.
 */
const SECRET = "sk-dashboard-chat-secret-7f3a9c21";
let env: Record<string, string>;

/** Tool calls when asked (see askForTools), else an echo written in small pieces (a streamed reply). */
const streamingResponder: Responder = async (request) => {
  const reply = await toolCallingResponder(request);
  return "content" in reply && typeof reply.content === "string"
    ? { ...reply, pieces: { size: 6, delayMs: 2 } }
    : reply;
};

interface ChatData {
  conversation: string;
  kind: "status" | "delta" | "final" | "error";
  text: string;
}

let world: World;
let browser: DashboardClient;
let stream: EventStream;

beforeAll(async () => {
  // One port for both daemons: the browser's session (kept in $SKEIN_HOME) outlives the restart.
  env = { OPENAI_API_KEY: SECRET, SKEIN_HEALTH_PORT: String(await freePort()) };
  world = await World.create();
  world.model.respondWith(streamingResponder);
  await world.start(["telegram"], env);
  browser = await DashboardClient.login(world.home);
  stream = await listen();
});

afterAll(async () => {
  stream?.close();
  await world?.close();
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function listen(): Promise<EventStream> {
  return openEventStream(browser.port, "/api/events", { cookie: browser.cookie });
}

/** The `chat` events of `conversation` received so far. */
function chatOf(events: EventStream, conversation: string): ChatData[] {
  return events.events
    .filter((event) => event.event === "chat")
    .map((event) => event.data as ChatData)
    .filter((data) => data.conversation === conversation);
}

async function say(text: string, conversation?: string): Promise<string> {
  const answer = await browser.call<{ conversation: string; message_id: string }>("POST", "/api/chat", {
    text,
    ...(conversation && { conversation }),
  });
  expect(answer.status, answer.text).toBe(202);
  return answer.body.conversation;
}

/** The conversation's events once `count` final replies arrived in it. */
async function finals(conversation: string, count = 1, events = stream): Promise<ChatData[]> {
  await events.until(
    () => chatOf(events, conversation).filter((data) => data.kind === "final").length >= count,
    `${count} final replies in ${conversation}\n${world.log()}`,
  );
  return chatOf(events, conversation);
}

describe("the web chat (skein start, the built CLI)", () => {
  it("streams a reply as chat events: deltas, then the final text", async () => {
    const conversation = await say("hello from the browser");
    const events = await finals(conversation);
    const deltas = events.filter((data) => data.kind === "delta");
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.map((data) => data.text).join("")).toBe("echo: hello from the browser");
    expect(events.at(-1)).toEqual({ conversation, kind: "final", text: "echo: hello from the browser" });
    const listed = await browser.get<{ conversations: Array<{ id: string; title: string }> }>(
      "/api/chat/conversations",
    );
    expect(listed.body.conversations).toContainEqual(
      expect.objectContaining({ id: conversation, title: "hello from the browser" }),
    );
  });

  it("shows a status line while a tool runs", async () => {
    const conversation = await say(askForTools({ name: "list_directory", arguments: { path: "." } }));
    const events = await finals(conversation);
    expect(events).toContainEqual({ conversation, kind: "status", text: "running list_directory" });
    expect(events.at(-1)).toMatchObject({ kind: "final", text: "done" });
  });

  it("starts a new conversation on /new: the model no longer sees what came before", async () => {
    const conversation = await say("the password hint is pelican");
    await finals(conversation);
    await say("/new", conversation);
    await finals(conversation, 2);
    await say("what was the hint?", conversation);
    await finals(conversation, 3);
    const asked = JSON.stringify(world.model.requests.at(-1)!.body.messages);
    expect(asked).toContain("what was the hint?");
    expect(asked).not.toContain("pelican");
  });

  it("saves an attached file to the workspace inbox, and the model is told where", async () => {
    const upload = await send(browser.port, "/api/chat/files", {
      method: "POST",
      headers: {
        cookie: browser.cookie,
        "x-csrf-token": browser.csrf,
        origin: `http://127.0.0.1:${browser.port}`,
        "x-file-name": encodeURIComponent("../../notes/ünïcode report.txt"),
        "content-type": "text/plain",
      },
      body: "quarterly numbers: 42",
    });
    expect(upload.status, upload.body).toBe(200);
    const { conversation } = JSON.parse(upload.body) as { conversation: string };
    await say("summarise the file", conversation);
    await finals(conversation);
    const told = JSON.stringify(world.model.requests.at(-1)!.body.messages.at(-1));
    const saved = /saved to (inbox\/web\/[^ ]+?) \(/.exec(told)?.[1];
    expect(saved, told).toMatch(new RegExp(`^inbox/web/${conversation}/\\d{4}-\\d{2}-\\d{2}-ünïcode_report\\.txt$`));
    expect(await readFile(join(world.home, "workspace", saved!), "utf8")).toBe("quarterly numbers: 42");
  });

  it("refuses a web-chat message without the CSRF token", async () => {
    const refused = await send(browser.port, "/api/chat", {
      method: "POST",
      headers: {
        cookie: browser.cookie,
        origin: `http://127.0.0.1:${browser.port}`,
        "content-type": "application/json",
      },
      body: JSON.stringify({ text: "forged" }),
    });
    expect(refused.status).toBe(403);
    expect(world.model.callsAbout("forged")).toBe(0);
  });

  it("never sends a configured secret in a chat event or a transcript", async () => {
    const before = stream.events.length;
    const conversation = await say(`the key is ${SECRET}`);
    await finals(conversation);
    const transcript = await browser.get(`/api/chat/${conversation}`);
    const shown = JSON.stringify(stream.events.slice(before)) + transcript.text;
    expect(shown).toContain("[redacted]");
    expect(shown).not.toContain(SECRET);
  });

  it("answers exactly once a message whose turn a SIGKILL cut short, after the restart", async () => {
    world.model.holdAnswers();
    const conversation = await say("answer me once m9q");
    await eventually(world, () => world.model.callsAbout("m9q") >= 1, "the model is asked");
    stream.close();
    await world.kill();
    await eventually(world, () => world.model.heldAnswers === 0, "the killed daemon's request ends");

    await world.start(["telegram"], env);
    const after = await listen();
    world.model.releaseAnswers();
    try {
      await finals(conversation, 1, after);
      const transcript = await browser.get<{ messages: Array<{ role: string; text: string }> }>(
        `/api/chat/${conversation}`,
      );
      expect(transcript.body.messages).toEqual([
        expect.objectContaining({ role: "user", text: "answer me once m9q" }),
        expect.objectContaining({ role: "assistant", text: "echo: answer me once m9q" }),
      ]);
      expect(await world.stop()).toBe(0);
      expect(chatOf(after, conversation).filter((data) => data.kind === "final")).toEqual([
        { conversation, kind: "final", text: "echo: answer me once m9q" },
      ]);
    } finally {
      after.close();
    }
  });
});
