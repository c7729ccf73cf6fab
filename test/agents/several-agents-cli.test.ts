import { spawn } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, stat, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentText, FakeOpenAI, type Responder, spokenText } from "../fakes/fake-openai.js";
import { FakeSlack } from "../fakes/fake-slack.js";
import { type FakeChat, FakeTelegram, type FakeUser, fakeBot } from "../fakes/fake-telegram.js";
import { postSignedEvent } from "../fakes/slack-requests.js";
import { cliPath } from "../support/cli-path.js";
import { type SkeinProcess, spawnSkein } from "../support/skein-process.js";
import { askForTools, toolCallingResponder, toolResultsAfter } from "../support/tool-calling-model.js";
import { waitUntil } from "../support/wait-until.js";

const telegramToken = "7715043361:AAH9xKq2LmNvB4tRw8ZpYc3sDf6GhJk1";
const signingSecret = "8f3a9c2e7b1d4f60a5e8c3b7d2f1e9a4";
const alice: FakeUser = { id: 111, first_name: "Alice", username: "alice" };
const bob: FakeUser = { id: 222, first_name: "Bob", username: "bob" };
const aliceChat: FakeChat = { id: 111, type: "private" };
const bobChat: FakeChat = { id: 222, type: "private" };
const forum: FakeChat = { id: -1001, type: "supergroup", title: "Household", is_forum: true };

/** Answers "who are you" with the marker of the AGENTS.md in its system prompt; makes the tool calls it is asked for. */
const responder: Responder = (request) => {
  const last = request.body.messages.at(-1);
  const text = spokenText(last?.content);
  if (last?.role === "user" && !text.startsWith("tool ") && text.includes("who are you")) {
    const system = contentText(request.body.messages[0]?.content);
    return { content: `I am ${/MARKER-[a-z]+/.exec(system)?.[0] ?? "nobody"}` };
  }
  return toolCallingResponder(request);
};

describe("skein start with three agents (the built CLI): personal in Alice's Telegram DM, family in Bob's, work in Slack team T012", () => {
  let home: string;
  let telegram: FakeTelegram;
  let slack: FakeSlack;
  let model: FakeOpenAI;
  let skein: SkeinProcess;
  let slackPort: unknown;
  let slackTs = 0;
  const workspace = (agent: string) => join(home, "agents", agent, "workspace");
  const env = () => ({
    HOME: home,
    SKEIN_HOME: home,
    SKEIN_LOG_LEVEL: "info",
    OPENAI_API_KEY: "sk-test-agents",
    OPENAI_BASE_URL: model.baseUrl,
    TELEGRAM_BOT_TOKEN: telegramToken,
    TELEGRAM_API_ROOT: telegram.apiRoot,
    TELEGRAM_ALLOW_FROM: "111,222",
    SLACK_BOT_TOKEN: "xoxb-5523-88194-Hq7LmZ2xWvK9pT",
    SLACK_SIGNING_SECRET: signingSecret,
    SLACK_PORT: "0",
    SLACK_API_URL: slack.apiUrl,
    SLACK_ALLOW_FROM: "UALICE",
  });

  /** Sends a Telegram DM and resolves with the text of the bot's next message to that chat. */
  async function askTelegram(user: FakeUser, chat: FakeChat, text: string): Promise<string> {
    const before = telegram.sent.length;
    telegram.userMessage(chat, user, text);
    await waitUntil(
      () => telegram.sent.slice(before).some((sent) => sent.chat_id === chat.id),
      `an answer in Telegram chat ${chat.id}`,
      30_000,
    );
    const reply = telegram.sent.slice(before).find((sent) => sent.chat_id === chat.id)!;
    // A streamed answer may be edited after it was first sent: its last text counts.
    await new Promise((resolve) => setTimeout(resolve, 0));
    return telegram.shownText(chat.id, reply.message_id) ?? reply.text;
  }

  /** Alice writes to the bot's Slack DM; resolves with the text of its next post there. */
  async function askSlack(text: string): Promise<string> {
    const posted = () => slack.calls.filter((call) => call.method === "chat.postMessage");
    const before = posted().length;
    const ts = `${Math.floor(Date.now() / 1000)}.${String(++slackTs).padStart(6, "0")}`;
    const event = { type: "message", channel_type: "im", channel: "D1", user: "UALICE", text, ts };
    const response = await postSignedEvent(
      `http://127.0.0.1:${String(slackPort)}/slack/events`,
      signingSecret,
      slack.eventCallback(event),
    );
    expect(response.status).toBe(200);
    await waitUntil(() => posted().length > before, "an answer on Slack", 30_000);
    return String(posted()[before]!.params.text);
  }

  beforeAll(async () => {
    home = await mkdtemp(join(tmpdir(), "skein-agents-"));
    for (const agent of ["personal", "family", "work"]) {
      await mkdir(join(workspace(agent), "memory"), { recursive: true });
      await writeFile(join(workspace(agent), "AGENTS.md"), `You are the agent MARKER-${agent}.\n`);
    }
    await writeFile(join(workspace("personal"), "private.txt"), "PERSONAL-SECRET\n");
    await mkdir(join(workspace("personal"), "skills", "diary"), { recursive: true });
    await writeFile(
      join(workspace("personal"), "skills", "diary", "SKILL.md"),
      "---\nname: diary\ndescription: Keeps Alice's diary.\n---\nPERSONAL-SKILL-BODY\n",
    );
    await mkdir(join(workspace("family"), "skills", "recipes"), { recursive: true });
    await writeFile(
      join(workspace("family"), "skills", "recipes", "SKILL.md"),
      "---\nname: recipes\ndescription: Family recipes.\n---\nFamily recipes.\n",
    );
    await symlink(workspace("personal"), join(workspace("family"), "link"));
    await writeFile(
      join(home, "config.json"),
      JSON.stringify({
        agents: {
          default: "personal",
          list: [
            { id: "personal", name: "Personal" },
            { id: "family", name: "Family" },
            {
              id: "work",
              name: "Work",
              name_prefix: "[work]",
              tools: { deny: ["exec_shell", "spawn", "write_file", "edit_file", "delete_file"] },
              budgets: { per_chat_daily_tokens: 40 },
            },
          ],
        },
        bindings: [
          { agent: "family", match: { channel: "telegram", chat_id: "222" } },
          // Alice anywhere else in Telegram (her groups) is family's; her own DM stays personal's (chat beats sender);
          // topic 7 of the household forum is work's (thread beats sender).
          { agent: "family", match: { channel: "telegram", sender: "111" } },
          { agent: "personal", match: { channel: "telegram", chat_id: "111" } },
          { agent: "work", match: { channel: "telegram", chat_id: "-1001", thread: "7" } },
          { agent: "work", match: { channel: "slack", team_id: "T012" } },
        ],
      }),
    );
    telegram = await FakeTelegram.start(telegramToken);
    slack = await FakeSlack.start({ users: { UALICE: { name: "alice" } }, teamId: "T012" });
    model = await FakeOpenAI.start();
    model.respondWith(responder);
    skein = spawnSkein(["start"], { cwd: home, env: env() });
    await skein.waitForLine("skein ready", 30_000);
    slackPort = skein
      .stderr()
      .split("\n")
      .slice(0, -1)
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((line) => line.channel === "slack" && line.mode === "http")?.port;
  }, 60_000);
  afterAll(async () => {
    await skein?.stop();
    await Promise.all([telegram?.close(), slack?.close(), model?.close()]);
    if (home) await rm(home, { recursive: true, force: true });
  });

  it("routes each chat to its agent, which answers from its own AGENTS.md (work's answers carry its name_prefix)", async () => {
    expect(await askTelegram(alice, aliceChat, "who are you")).toBe("I am MARKER-personal");
    expect(await askTelegram(bob, bobChat, "who are you")).toBe("I am MARKER-family");
    expect(await askSlack("who are you")).toBe("[work] I am MARKER-work");
  }, 60_000);

  it("routes by sender, chat and thread with the most specific match winning (thread > chat > sender > default)", async () => {
    const handle = `@${fakeBot.username}`;
    const mention = { entities: [{ type: "mention", offset: 0, length: handle.length }] };
    /** Alice mentions the bot in the forum (in `thread` when given); resolves with the answer there. */
    async function askForum(thread?: number): Promise<string> {
      const before = telegram.sent.length;
      telegram.userMessage(forum, alice, `${handle} who are you`, {
        ...mention,
        ...(thread !== undefined && { message_thread_id: thread, is_topic_message: true }),
      });
      await waitUntil(
        () => telegram.sent.slice(before).some((sent) => sent.chat_id === forum.id),
        "an answer in the forum",
        30_000,
      );
      return telegram.sent.slice(before).find((sent) => sent.chat_id === forum.id)!.text;
    }
    expect(await askForum()).toBe("I am MARKER-family"); // sender
    expect(await askForum(7)).toBe("[work] I am MARKER-work"); // thread beats sender
    expect(await askForum(8)).toBe("I am MARKER-family"); // another topic: sender again
    expect(await askTelegram(alice, aliceChat, "who are you")).toBe("I am MARKER-personal"); // chat beats sender
  }, 90_000);

  it("answers /agent with this chat's agent, its model and its workspace folder", async () => {
    const reply = await askTelegram(bob, bobChat, "/agent");
    expect(reply).toContain("Agent: family (Family)");
    expect(reply).toContain("Model: gpt-4o-mini");
    expect(reply).toContain("Workspace: workspace");
  }, 30_000);

  it("shows this chat's agent in /help and only its skills in /skills", async () => {
    expect(await askTelegram(bob, bobChat, "/help")).toContain("I'm Family (agent family)");
    const skills = await askTelegram(bob, bobChat, "/skills");
    expect(skills).toContain("recipes");
    expect(skills).not.toContain("diary");
    expect(await askTelegram(alice, aliceChat, "/skills")).toContain("diary");
  }, 30_000);

  it("offers the read-only work agent of a Slack team no exec_shell, while Alice's personal agent runs it", async () => {
    const before = model.requests.length;
    await askSlack(askForTools({ name: "exec_shell", arguments: { command: "echo ran-in-work" } }));
    const [refused] = await toolResultsAfter(model, before);
    expect(JSON.stringify(refused)).not.toContain("ran-in-work");
    const workTools = model.requests[before]!.body.tools?.map((tool) => tool.function.name) ?? [];
    expect(workTools).not.toContain("exec_shell");
    expect(workTools).not.toContain("write_file");
    expect(workTools).toContain("read_file");

    const next = model.requests.length;
    await askTelegram(
      alice,
      aliceChat,
      askForTools({ name: "exec_shell", arguments: { command: "echo ran-in-personal" } }),
    );
    const [ran] = await toolResultsAfter(model, next);
    expect(JSON.stringify(ran)).toContain("ran-in-personal");
  }, 60_000);

  it("keeps the family agent's file tools, shell, memory and skill tool out of the personal agent's workspace", async () => {
    const personal = workspace("personal");
    await askTelegram(
      alice,
      aliceChat,
      askForTools({ name: "memory_write", arguments: { content: "PERSONAL-MEMORY" } }),
    );
    const calls = [
      { name: "read_file", arguments: { path: join(personal, "private.txt") } },
      { name: "read_file", arguments: { path: "../../personal/workspace/private.txt" } },
      { name: "read_file", arguments: { path: "link/private.txt" } },
      { name: "list_directory", arguments: { path: personal } },
      { name: "search_files", arguments: { pattern: "PERSONAL", path: personal } },
      { name: "write_file", arguments: { path: join(personal, "planted.txt"), content: "x" } },
      { name: "edit_file", arguments: { path: join(personal, "private.txt"), old_text: "PERSONAL", new_text: "X" } },
      { name: "delete_file", arguments: { path: join(personal, "private.txt") } },
      {
        name: "exec_shell",
        arguments: { command: `cat ${join(personal, "private.txt")} link/private.txt; ls ${personal}` },
      },
      { name: "memory_read", arguments: {} },
      { name: "skill", arguments: { name: "diary" } },
    ];
    for (const call of calls) {
      const before = model.requests.length;
      await askTelegram(bob, bobChat, askForTools(call));
      const [result] = await toolResultsAfter(model, before);
      const text = JSON.stringify(result);
      expect(text, call.name).not.toMatch(/PERSONAL-(SECRET|MEMORY|SKILL-BODY)/);
      if (call.name === "list_directory") expect(text).not.toContain("private.txt");
    }
    await expect(stat(join(personal, "planted.txt"))).rejects.toThrow();
    expect(await readFile(join(personal, "private.txt"), "utf8")).toBe("PERSONAL-SECRET\n");
    const familyPrompt = contentText(model.requests.at(-1)!.body.messages[0]?.content);
    expect(familyPrompt).not.toContain("PERSONAL-MEMORY");
    expect(familyPrompt).not.toContain("diary");
  }, 120_000);

  it("keeps a scheduled job in the agent whose chat created it, where it fires", async () => {
    const at = new Date(Date.now() + 3000).toISOString();
    const before = model.requests.length;
    const sentBefore = telegram.sent.length;
    telegram.userMessage(
      bobChat,
      bob,
      askForTools({ name: "schedule", arguments: { action: "add", kind: "task", text: "who are you", at } }),
    );
    const [scheduled] = await toolResultsAfter(model, before);
    expect(scheduled).toMatchObject({ status: "scheduled" });
    const jobs = JSON.parse(await readFile(join(home, "schedule", "jobs.json"), "utf8")) as unknown;
    expect(JSON.stringify(jobs)).toContain('"agent":"family"');
    const fired = () =>
      telegram.sent.slice(sentBefore).some((sent) => sent.chat_id === bobChat.id && sent.text === "I am MARKER-family");
    await waitUntil(fired, "the job's answer from the family agent", 30_000);
  }, 60_000);

  it("measures each agent's budgets against its own usage: the work chat stops, Alice's chats go on", async () => {
    expect(await askSlack("hello again")).toContain("daily limit");
    expect(await askTelegram(alice, aliceChat, "who are you")).toBe("I am MARKER-personal");
  }, 60_000);

  it("counts usage by agent (skein usage --by agent) and shows each agent in skein status --json", async () => {
    const usage = JSON.parse(await run(["usage", "--by", "agent", "--json"])) as {
      groups: Array<{ key: string; calls: number }>;
    };
    expect(usage.groups.map((group) => group.key).sort()).toEqual(["family", "personal", "work"]);
    const status = JSON.parse(await run(["status", "--json"])) as {
      agents: Record<string, { turnsServed: number; sessions: number }>;
    };
    expect(status.agents.family!.turnsServed).toBeGreaterThan(0);
    expect(status.agents.work!.sessions).toBe(2); // the Slack DM and the forum topic
  }, 60_000);

  it("refuses skein chat --agent with an unknown id in one line, exit 1", async () => {
    const { code, stderr } = await runWithCode(["chat", "--agent", "nobody", "-m", "hi"]);
    expect(code).toBe(1);
    expect(stderr.trim().split("\n")).toHaveLength(1);
    expect(stderr).toContain('there is no agent "nobody"');
  }, 30_000);

  function run(args: string[]): Promise<string> {
    return runWithCode(args).then(({ code, stdout, stderr }) => {
      if (code !== 0) throw new Error(`skein ${args.join(" ")} exited ${code}: ${stderr}`);
      return stdout;
    });
  }

  function runWithCode(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
    return new Promise((resolve) => {
      const child = spawn(process.execPath, [cliPath, ...args], { env: env(), cwd: home });
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
      child.once("close", (code) => resolve({ code, stdout, stderr }));
    });
  }
});
