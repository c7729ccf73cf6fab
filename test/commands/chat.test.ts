import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentText, FakeOpenAI, spokenText } from "../fakes/fake-openai.js";
import { cliPath } from "../support/cli-path.js";

const run = promisify(execFile);

describe("skein chat, the built CLI", () => {
  let fake: FakeOpenAI;
  let home: string;
  const env = () => ({
    PATH: process.env.PATH,
    HOME: home,
    SKEIN_HOME: home,
    OPENAI_BASE_URL: fake.baseUrl,
    OPENAI_API_KEY: "sk-test",
  });

  beforeAll(async () => {
    fake = await FakeOpenAI.start();
    home = await mkdtemp(join(tmpdir(), "skein-chat-"));
  });
  afterAll(async () => {
    await fake.close();
    await rm(home, { recursive: true, force: true });
  });

  it("sends one message with -m, prints the reply and stores the session", async () => {
    fake.reply({ content: "Hello from the fake model" });
    const { stdout } = await run(process.execPath, [cliPath, "chat", "-m", "hi there"], { env: env(), cwd: home });
    expect(stdout).toBe("Hello from the fake model\n");
    expect(fake.requests.at(-1)?.body.messages.at(-1)).toEqual({
      role: "user",
      content: expect.stringMatching(/^\[[^\]]+ UTC\] hi there$/),
    });
    const file = join(home, "sessions", "cli%3Alocal.jsonl");
    const lines = (await readFile(file, "utf8"))
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(lines).toEqual([
      {
        turn: expect.stringMatching(/^cli:/),
        messages: [
          { role: "user", content: expect.stringMatching(/^\[[^\]]+ UTC\] hi there$/) },
          { role: "assistant", content: "Hello from the fake model" },
        ],
        replies: ["Hello from the fake model"],
      },
    ]);
  });

  it("answers each line of a pipe, in order, and /new archives the conversation", async () => {
    const child = execFile(process.execPath, [cliPath, "chat"], { env: env(), cwd: home });
    child.stdin!.end("first\nsecond\n/new\nthird\n");
    let stdout = "";
    child.stdout!.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    const code = await new Promise((resolve) => child.on("close", resolve));
    expect(code).toBe(0);
    expect(stdout.split("\n")).toEqual([
      "echo: first",
      "echo: second",
      "Started a fresh conversation. The previous one is archived.",
      "echo: third",
      "",
    ]);
    expect(await readdir(join(home, "sessions", "archive"))).toHaveLength(1);
  });

  it("sends the first message of a long conversation in every request until a summary replaces it", async () => {
    const child = execFile(process.execPath, [cliPath, "chat"], { env: env(), cwd: home });
    const lines = Array.from({ length: 60 }, (_, index) => `line ${index + 1}`);
    child.stdin!.end(`/new\n${lines.join("\n")}\n`);
    expect(await new Promise((resolve) => child.on("close", resolve))).toBe(0);
    const sent = fake.requests.at(-1)!.body.messages.map((message) => spokenText(message.content));
    expect(sent.slice(1, 3)).toEqual(["line 1", "echo: line 1"]);
    expect(sent.at(-1)).toBe("line 60");
  });

  it("redacts the daemon's value of a variable a skill requires from the chat and from every log line", async () => {
    const account = "acct-7f3k9q2x";
    const skill = join(home, "workspace", "skills", "weather");
    await mkdir(skill, { recursive: true });
    const requires = 'metadata: {"nanobot": {"requires": {"env": ["WEATHER_ACCOUNT"]}}}';
    await writeFile(
      join(skill, "SKILL.md"),
      `---\nname: weather\ndescription: The forecast.\n${requires}\n---\n\nAsk.\n`,
    );
    fake.reply(
      { toolCalls: [{ name: "read_file", arguments: { path: `forecast-${account}.md` } }] },
      { content: `Your weather account is ${account}.` },
    );
    const { stdout, stderr } = await run(process.execPath, [cliPath, "chat", "-m", "what is my account?"], {
      env: { ...env(), WEATHER_ACCOUNT: account, SKEIN_LOG_LEVEL: "debug" },
      cwd: home,
    });
    expect(contentText(fake.requests.at(-1)!.body.messages[0]?.content)).toContain("<name>weather</name>");
    expect(stdout).toBe("Your weather account is [redacted].\n");
    expect(stderr).toContain("forecast-[redacted].md");
    expect(stderr).not.toContain(account);
  });

  it("exits non-zero with the reason on stderr when the model fails", async () => {
    fake.reply({ type: "error", status: 401, body: { error: { message: "bad key", type: "invalid_request_error" } } });
    const failure = await run(process.execPath, [cliPath, "chat", "-m", "hi"], { env: env(), cwd: home }).catch(
      (error: unknown) => error,
    );
    expect(failure).toMatchObject({ code: 1, stdout: "" });
    expect((failure as { stderr: string }).stderr).toMatch(/^skein: .*401.*bad key/m);
  });
});

describe("skein chat shutting down", () => {
  let fake: FakeOpenAI;
  let home: string;
  beforeAll(async () => {
    fake = await FakeOpenAI.start();
    home = await mkdtemp(join(tmpdir(), "skein-chat-stop-"));
  });
  afterAll(async () => {
    await fake.close();
    await rm(home, { recursive: true, force: true });
  });

  it("on SIGTERM with a turn in flight still delivers the reply, stores the session and exits 0", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    fake.respondWith(async () => {
      await held;
      return { content: "answered during shutdown" };
    });
    const child = execFile(process.execPath, [cliPath, "chat", "-m", "take your time"], {
      env: { PATH: process.env.PATH, HOME: home, SKEIN_HOME: home, OPENAI_BASE_URL: fake.baseUrl },
      cwd: home,
    });
    let stdout = "";
    child.stdout!.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    const signalHandled = new Promise<void>((resolve) =>
      child.stderr!.on(
        "data",
        (chunk: Buffer) => chunk.toString().includes("finishing the current reply") && resolve(),
      ),
    );
    const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
    await fake.waitForRequests(1);
    child.kill("SIGTERM");
    await signalHandled;
    release();
    expect(await exited).toBe(0);
    expect(stdout).toBe("answered during shutdown\n");
    const stored = await readFile(join(home, "sessions", "cli%3Alocal.jsonl"), "utf8");
    expect(stored).toContain("answered during shutdown");
  });
});
