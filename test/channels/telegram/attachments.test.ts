import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { TelegramChannel } from "../../../channels/telegram/telegram-channel.js";
import type { TurnOutcome } from "../../../src/agent/agent-loop.js";
import { createDaemon, type Daemon } from "../../../src/daemon.js";
import { contentText, type FakeContentPart, FakeOpenAI } from "../../fakes/fake-openai.js";
import { FakeTelegram } from "../../fakes/fake-telegram.js";
import { alice, aliceChat, captureLog, fastOptions, group } from "./harness.js";

/** A tiny JPEG's first bytes: enough for a file that says it is an image. */
const photoBytes = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2_000, 7)]);

interface Running {
  telegram: FakeTelegram;
  model: FakeOpenAI;
  home: string;
  daemon: Daemon;
  log: ReturnType<typeof captureLog>;
}

let running: Running | undefined;

afterEach(async () => {
  if (!running) return;
  await running.daemon.stop();
  await running.telegram.close();
  await running.model.close();
  await rm(running.home, { recursive: true, force: true });
  running = undefined;
});

/** The daemon on the fake Bot API and the fake model, with `config` written to config.json. */
async function start(config: Record<string, unknown> = {}): Promise<Running> {
  const telegram = await FakeTelegram.start();
  const model = await FakeOpenAI.start();
  const home = await mkdtemp(join(tmpdir(), "skein-telegram-files-"));
  await writeFile(join(home, "config.json"), JSON.stringify(config));
  const log = captureLog();
  const daemon = createDaemon({
    env: {
      HOME: home,
      SKEIN_HOME: home,
      TELEGRAM_BOT_TOKEN: telegram.token,
      TELEGRAM_API_ROOT: telegram.apiRoot,
      TELEGRAM_ALLOW_FROM: String(alice.id),
      OPENAI_BASE_URL: model.baseUrl,
      OPENAI_API_KEY: "sk-test",
      TELEGRAM_STREAMING: "false",
    },
    cwd: home,
    ignoreDotEnv: true,
    log: log.log,
    platformChannels: false,
    channels: [
      {
        name: "telegram",
        create: ({ config: loaded, ...deps }) =>
          new TelegramChannel({ ...deps, settings: loaded.channels.telegram }, fastOptions),
      },
    ],
  });
  await daemon.start();
  running = { telegram, model, home, daemon, log };
  return running;
}

/** Sends a message and waits for its turn's outcome. */
async function send(
  chat: typeof aliceChat,
  text: string | undefined,
  extras: Record<string, unknown>,
): Promise<TurnOutcome> {
  const { telegram, daemon } = running!;
  const { message } = telegram.userMessage(chat, alice, text, extras);
  const id = `telegram:${chat.id}:${String(message.message_id)}`;
  const outcome = await new Promise<TurnOutcome>((resolve) => {
    const stop = daemon.onOutcome((candidate) => {
      if (candidate.message.id !== id) return;
      stop();
      resolve(candidate);
    });
  });
  await daemon.idle();
  return outcome;
}

function lastUserContent(model: FakeOpenAI): string | FakeContentPart[] {
  const request = model.requests.at(-1)!;
  return request.body.messages.findLast((message) => message.role === "user")?.content ?? "";
}

async function inboxFiles(home: string, chatId: number): Promise<string[]> {
  return readdir(join(home, "workspace", "inbox", "telegram", String(chatId))).catch(() => []);
}

describe("Telegram attachments", () => {
  it("gives the model a captioned photo as text and an image part, and saves it to the workspace", async () => {
    const { telegram, model, home } = await start();
    const file = telegram.addFile(photoBytes, { path: "photos/file_1.jpg" });

    const outcome = await send(aliceChat, undefined, {
      caption: "what is in this picture?",
      photo: [{ ...file, width: 90, height: 90 }],
    });

    expect(outcome.status).toBe("answered");
    const content = lastUserContent(model) as FakeContentPart[];
    expect(Array.isArray(content)).toBe(true);
    expect(content[0]?.type).toBe("text");
    expect(content[0]?.text).toContain("what is in this picture?");
    expect(content[0]?.text).toMatch(
      /photo saved to inbox\/telegram\/111\/\d{4}-\d\d-\d\d-photo-\d+\.jpg \(image\/jpeg, 2 KB\)\]/,
    );
    expect(content[1]).toEqual({
      type: "image_url",
      image_url: { url: `data:image/jpeg;base64,${photoBytes.toString("base64")}` },
    });
    const [saved] = await inboxFiles(home, aliceChat.id);
    expect(await readFile(join(home, "workspace", "inbox", "telegram", "111", saved!))).toEqual(photoBytes);
    // The session keeps the text, not the picture.
    const session = await readFile(join(home, "sessions", "telegram_111.jsonl"), "utf8").catch(() => "");
    expect(session).not.toContain("base64");
  });

  it("sends no image part with vision off, only the saved path", async () => {
    const { telegram, model } = await start({ agents: { defaults: { vision: false } } });
    const file = telegram.addFile(photoBytes, { path: "photos/file_2.jpg" });

    await send(aliceChat, undefined, { caption: "look", photo: [{ ...file, width: 90, height: 90 }] });

    const content = lastUserContent(model);
    expect(typeof content).toBe("string");
    expect(content).toMatch(/look\n\n\[photo saved to inbox\/telegram\/111\/.+\.jpg/);
  });

  it("transcribes a voice note through the transcription endpoint and answers it", async () => {
    const { telegram, model, home } = await start();
    model.transcript = "remind me to water the plants";
    const voice = telegram.addFile(Buffer.from("OggS fake opus"), { path: "voice/file_3.oga" });

    const outcome = await send(aliceChat, undefined, {
      voice: { ...voice, duration: 2, mime_type: "audio/ogg" },
    });

    expect(outcome.status).toBe("answered");
    expect(model.transcriptions).toHaveLength(1);
    expect(model.transcriptions[0]).toMatchObject({ model: "whisper-1", authorization: "Bearer sk-test" });
    expect(model.transcriptions[0]!.fileName).toMatch(/\.ogg$/);
    expect(contentText(lastUserContent(model))).toContain(
      "[voice message, transcribed]: remind me to water the plants",
    );
    const files = await inboxFiles(home, aliceChat.id);
    const transcript = files.find((name) => name.endsWith(".ogg.txt"));
    expect(transcript).toBeDefined();
    expect(await readFile(join(home, "workspace", "inbox", "telegram", "111", transcript!), "utf8")).toBe(
      "remind me to water the plants\n",
    );
    expect(telegram.sent.at(-1)?.visibleText).toContain("echo:");
  });

  it("tells the user voice is not set up, and the log names the setting, when the endpoint refuses", async () => {
    // An endpoint without /audio/transcriptions (404): voice is not set up there.
    const refusing = await FakeOpenAI.start();
    const { telegram, model, log } = await start({
      tools: { transcription: { base_url: `${refusing.baseUrl}/missing` } },
    });
    const voice = telegram.addFile(Buffer.from("OggS"), { path: "voice/file_4.oga" });

    await send(aliceChat, undefined, { voice: { ...voice, duration: 1, mime_type: "audio/ogg" } });
    await refusing.close();

    expect(telegram.sent.map((sent) => sent.visibleText)).toContainEqual(
      expect.stringContaining("Voice messages are not set up here"),
    );
    const line = log.lines.find((entry) => /voice is not set up/.test(String(entry.msg)));
    expect(String(line?.msg)).toContain("tools.transcription");
    expect(contentText(lastUserContent(model))).toContain("voice transcription is not set up");
  });

  it("refuses a file over max_attachment_bytes with a note, without asking for it", async () => {
    const { telegram, model } = await start({ agents: { defaults: { max_attachment_bytes: 1_000 } } });
    const document = telegram.addFile(Buffer.alloc(5_000, 1), { path: "documents/big.bin" });

    await send(aliceChat, "here is the data", {
      document: { ...document, file_name: "big.bin", mime_type: "application/octet-stream" },
    });

    expect(telegram.callsOf("getFile")).toHaveLength(0);
    expect(telegram.bytesServed).toBe(0);
    expect(contentText(lastUserContent(model))).toContain("document big.bin: not downloaded, over the 1000 B limit");
    expect(telegram.sent.map((sent) => sent.visibleText)).toContainEqual(
      expect.stringContaining('"big.bin" (5 KB) is over the 1000 B limit'),
    );
  });

  it("stops a download that grows past the cap when the size was not declared", async () => {
    const { telegram, model, home } = await start({ agents: { defaults: { max_attachment_bytes: 1_000 } } });
    // Larger than what the loopback socket buffers hold, so a client that stops reading stops the transfer.
    const bytes = Buffer.alloc(32 * 1024 * 1024, 1);
    const { file_size: _size, ...undeclared } = telegram.addFile(bytes, { path: "documents/huge.bin" });

    await send(aliceChat, "one more", { document: { ...undeclared, file_name: "huge.bin" } });

    expect(telegram.bytesServed).toBeLessThan(bytes.length);
    expect(contentText(lastUserContent(model))).toContain("not downloaded, over the 1000 B limit");
    expect(await inboxFiles(home, aliceChat.id)).toEqual([]);
  });

  it("refuses a download that redirects to 127.0.0.1", async () => {
    const { telegram, model, home } = await start();
    const target = telegram.addFile(Buffer.from("secret from localhost"), { path: "documents/secret.txt" });
    void target;
    const redirecting = telegram.addFile(Buffer.alloc(0), {
      path: "documents/redirect.txt",
      redirectTo: `${telegram.apiRoot}/file/bot${telegram.token}/documents/secret.txt`,
    });

    await send(aliceChat, "read this", { document: { ...redirecting, file_name: "redirect.txt" } });

    expect(contentText(lastUserContent(model))).toMatch(
      /redirect\.txt: the download failed \(127\.0\.0\.1 is a loopback address/,
    );
    expect(telegram.bytesServed).toBe(0);
    expect(await inboxFiles(home, aliceChat.id)).toEqual([]);
  });

  it("downloads nothing for a group message that does not mention the bot", async () => {
    const { telegram, model } = await start({ channels: { telegram: { allow_from: ["*"] } } });
    const file = telegram.addFile(photoBytes, { path: "photos/file_9.jpg" });
    const requestsBefore = model.requests.length;

    telegram.userMessage(group, alice, undefined, {
      caption: "just sharing",
      photo: [{ ...file, width: 9, height: 9 }],
    });
    // A mentioned message afterwards is handled in order, so the first one was gated by then.
    await send(group, "@skein_test_bot hi", {
      entities: [{ type: "mention", offset: 0, length: 15 }],
    });

    expect(model.requests.length).toBe(requestsBefore + 1);
    expect(telegram.callsOf("getFile")).toHaveLength(0);
  });
});

describe("Telegram files from the agent", () => {
  it("sends a picture with sendPhoto and several files as an album through the message tool", async () => {
    const { telegram, model, home } = await start({ tools: { message: { targets: "any" } } });
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), Buffer.alloc(100, 1)]);
    await writeFile(join(home, "workspace", "chart.png"), png);
    await writeFile(join(home, "workspace", "data.csv"), "a,b\n1,2\n");
    await writeFile(join(home, "workspace", "notes.txt"), "notes\n");
    model.reply(
      {
        toolCalls: [
          {
            name: "message",
            arguments: { channel: "telegram", chat_id: "111", content: "Here is your chart", files: ["chart.png"] },
          },
          {
            name: "message",
            arguments: {
              channel: "telegram",
              chat_id: "111",
              content: "And the data",
              files: ["data.csv", "notes.txt"],
            },
          },
        ],
      },
      { content: "Sent." },
    );

    await send(aliceChat, "plot this CSV and send me the picture", {});
    await running!.daemon.idle();
    await new Promise((resolve) => setTimeout(resolve, 200));

    expect(telegram.sent.map((sent) => sent.visibleText)).toEqual(
      expect.arrayContaining(["Here is your chart", "And the data"]),
    );
    expect(telegram.uploads.map(({ method, type, name, chat_id }) => ({ method, type, name, chat_id }))).toEqual([
      { method: "sendPhoto", type: "photo", name: "chart.png", chat_id: 111 },
      { method: "sendMediaGroup", type: "document", name: "data.csv", chat_id: 111 },
      { method: "sendMediaGroup", type: "document", name: "notes.txt", chat_id: 111 },
    ]);
    expect(telegram.uploads[0]!.bytes).toEqual(png);
  });

  it("refuses a path outside the workspace with a tool error and uploads nothing", async () => {
    const { telegram, model } = await start({ tools: { message: { targets: "any" } } });
    model.reply(
      {
        toolCalls: [
          {
            name: "message",
            arguments: { channel: "telegram", chat_id: "111", content: "here", files: ["../config.json"] },
          },
        ],
      },
      { content: "I cannot send that file." },
    );

    await send(aliceChat, "send me your config", {});

    const toolMessage = model.requests.at(-1)!.body.messages.find((message) => message.role === "tool");
    expect(String(toolMessage?.content)).toContain("outside the workspace");
    expect(telegram.uploads).toEqual([]);
  });
});
