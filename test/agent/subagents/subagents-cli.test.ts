import { execFile } from "node:child_process";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentText, type FakeRequest } from "../../fakes/fake-openai.js";
import type { FakeChat, FakeUser, SentMessage } from "../../fakes/fake-telegram.js";
import { fakeBot } from "../../fakes/fake-telegram.js";
import { alice, aliceChat, eventually, SLACK_USER, World } from "../../reliability/harness.js";
import { cliPath } from "../../support/cli-path.js";
import { DashboardClient } from "../../support/dashboard-client.js";
import { childTask, delegatingModel } from "../../support/delegating-model.js";

const run = promisify(execFile);

/**
 * Sub-agents through the built CLI (`skein start`) on fake Telegram, Slack and Discord: the
 * `delegate` tool, the child's conversation, its result coming back to the chat it came from,
 * limits, `/subagents`, approvals, another agent, `wait`, usage. One daemon for the file; each
 * test in chats of its own.
 */

const users: Record<string, FakeUser> = {
  bob: { id: 222, first_name: "Bob", username: "bob" },
  carol: { id: 333, first_name: "Carol", username: "carol" },
  dave: { id: 444, first_name: "Dave", username: "dave" },
  erin: { id: 555, first_name: "Erin", username: "erin" },
};
const chatOf = (user: FakeUser): FakeChat => ({ id: user.id, type: "private" });
const group: FakeChat = { id: -100_200, type: "supergroup", title: "Team" };
const delegate = (args: Record<string, unknown>) => `delegate ${JSON.stringify(args)}`;
const subagentId = /sa-[0-9a-f]{8}/;

let world: World;
const model = delegatingModel();

beforeAll(async () => {
  world = await World.create();
  world.model.respondWith(model.responder);
  const config = {
    agents: {
      defaults: { subagents: { max_per_chat: 1, max_concurrent: 3 } },
      list: [
        { id: "main" },
        { id: "researcher", model: "research-model", tools: { deny: ["exec_shell", "spawn", "write_file"] } },
      ],
    },
    tools: { approval: "ask", exec: { sandbox: "none" } },
  };
  await writeFile(join(world.home, "config.json"), JSON.stringify(config));
  const researcher = join(world.home, "agents", "researcher", "workspace");
  await mkdir(researcher, { recursive: true });
  await writeFile(join(researcher, "AGENTS.md"), "You are the researcher agent: dig deep.\n");
  const main = join(world.home, "agents", "main", "workspace");
  await mkdir(main, { recursive: true });
  await writeFile(join(main, "notes.txt"), "the launch code is 4242\n");
  await world.start(["telegram", "slack", "discord"], {
    TELEGRAM_ALLOW_FROM: [alice, ...Object.values(users)].map((user) => user.id).join(","),
    // Each reply posted whole: a test reading a streamed reply could find it half written.
    TELEGRAM_STREAMING: "false",
    SLACK_STREAMING: "false",
    DISCORD_STREAMING: "false",
  });
}, 60_000);

afterAll(async () => {
  await world?.close();
});

/** Every text the bot shows in a Telegram chat, in order (a streamed reply as it ends). */
const telegramTexts = (chat: FakeChat) =>
  world.telegram.sent
    .filter((sent) => sent.chat_id === chat.id)
    .map((sent) => world.telegram.shownText(sent.chat_id, sent.message_id) ?? sent.visibleText);

/** Resolves with the first text of the bot in a Telegram chat, from the `from`th on, that matches `expected`. */
async function shown(chat: FakeChat, expected: RegExp, from = 0): Promise<string> {
  const find = () =>
    telegramTexts(chat)
      .slice(from)
      .find((text) => expected.test(text));
  await eventually(world, () => find() !== undefined, `the bot shows ${expected} in chat ${chat.id}`);
  return find()!;
}

/** Writes in a Telegram chat and resolves with the first new text of the bot there that matches `expected`. */
function telegram(chat: FakeChat, from: FakeUser, text: string, expected: RegExp): Promise<string> {
  const before = telegramTexts(chat).length;
  const length = /^\/\S+/.exec(text)?.[0].length ?? 0;
  world.telegram.userMessage(
    chat,
    from,
    text,
    length ? { entities: [{ type: "bot_command", offset: 0, length }] } : {},
  );
  return shown(chat, expected, before);
}

/** The requests a child with this task made. */
const childRequests = (task: string): FakeRequest[] =>
  world.model.requests.filter((request) => childTask(request) === task);

const toolNames = (request: FakeRequest) => (request.body.tools ?? []).map((tool) => tool.function.name).sort();

describe("skein start, the built CLI, delegating to sub-agents", () => {
  it("runs a child on Telegram with only the task, and the parent relays its result once; the child's tool calls stay in its session", async () => {
    const task = `tool ${JSON.stringify([{ name: "read_file", arguments: { path: "notes.txt" } }])}`;
    const started = await telegram(aliceChat, alice, delegate({ task, label: "reader" }), /^Started sa-/);
    const id = subagentId.exec(started)![0];
    expect(await shown(aliceChat, /^Parent relays:/)).toContain("4242");
    expect(telegramTexts(aliceChat).filter((text) => text.includes("4242"))).toHaveLength(1);

    const parent = world.model.requests.find((request) =>
      contentText(request.body.messages.at(-1)?.content).includes(task),
    )!;
    const [first] = childRequests(task);
    expect(first!.body.messages.map((message) => message.role)).toEqual(["system", "user"]);
    expect(first!.body.messages[0]!.content).toBe(parent.body.messages[0]!.content);
    expect(first!.body.messages[1]!.content).toBe(task);
    expect(toolNames(first!)).toEqual(toolNames(parent).filter((name) => name !== "delegate"));

    const result = world.model.requests.findLast((request) =>
      contentText(request.body.messages.at(-1)?.content).includes(`The sub-agent "reader" (id ${id})`),
    )!;
    expect(contentText(result.body.messages.at(-1)!.content)).toContain("4242");
    expect(result.body.messages.some((message) => message.tool_call_id === "child_0")).toBe(false);
    const history = await readFile(join(world.home, "sessions", "telegram%3A111.jsonl"), "utf8");
    expect(history.split(`The sub-agent \\"reader\\" (id ${id})`)).toHaveLength(2);
    expect(history).not.toContain("child_0");
  });

  it("counts the child's tokens to the chat it works for (skein usage --by chat)", async () => {
    const usageLines = async () => {
      const names = await import("node:fs/promises").then((fs) =>
        fs.readdir(join(world.home, "usage")).catch(() => []),
      );
      const texts = await Promise.all(names.map((name) => readFile(join(world.home, "usage", name), "utf8")));
      return texts
        .join("")
        .split("\n")
        .filter((line) => line.includes('"chatId":"111"')).length;
    };
    let lines = 0;
    await eventually(
      world,
      () => {
        void usageLines().then((count) => (lines = count));
        return lines >= 5;
      },
      "the five model calls of chat 111 are recorded",
    );
    const { stdout } = await run(process.execPath, [cliPath, "usage", "--by", "chat", "--json"], {
      env: { PATH: process.env.PATH, HOME: world.home, SKEIN_HOME: world.home },
      cwd: world.home,
    });
    const usage = JSON.parse(stdout) as { groups: { key: string; calls: number }[] };
    // The parent's two calls, the child's two (its tool call and its answer) and the result turn's one.
    expect(usage.groups.find((row) => row.key === "telegram:111")?.calls).toBe(5);
  });

  it("brings a Slack child's result into the thread of the mention that delegated", async () => {
    const ts = world.slack.nextTs();
    world.slack.deliverSocketEvent({
      type: "app_mention",
      user: SLACK_USER,
      text: `<@UBOT> ${delegate({ task: "summarise the Slack thread", label: "slack summary" })}`,
      ts,
      channel: "C1",
    });
    await eventually(
      world,
      () => world.slack.messages.some((message) => message.text.startsWith("Parent relays:")),
      "the result is relayed on Slack",
    );
    const posted = world.slack.messages.filter((message) => message.channel === "C1");
    expect(posted.map((message) => [message.text.replace(subagentId, "sa-…"), message.threadTs])).toEqual([
      ["Started sa-….", ts],
      ["Parent relays: Child answer: summarise the Slack thread", ts],
    ]);
  });

  it("brings a Discord child's result back to the channel that delegated", async () => {
    world.discord.dm(delegate({ task: "look at the Discord logs", label: "discord logs" }));
    await eventually(
      world,
      () => world.discord.sent.some((sent) => (world.discord.shownText(sent.id) ?? "").startsWith("Parent relays:")),
      "the result is relayed on Discord",
    );
    const shownTexts = world.discord.sent.map((sent) => [sent.channelId, world.discord.shownText(sent.id)]);
    const channel = world.discord.sent[0]!.channelId;
    expect(shownTexts.map(([id, text]) => [id, text?.replace(subagentId, "sa-…")])).toEqual([
      [channel, "Started sa-…."],
      [channel, "Parent relays: Child answer: look at the Discord logs"],
    ]);
  });

  it("answers the chat while a slow child works; /subagents lists it, skein status and the dashboard show it, /subagents stop stops it", async () => {
    const { bob } = users;
    const bobChat = chatOf(bob!);
    const task = "hold:bob watch the build";
    const started = await telegram(bobChat, bob!, delegate({ task, label: "build watch" }), /^Started sa-/);
    const id = subagentId.exec(started)![0];
    await eventually(world, () => childRequests(task).length === 1, "the child asks the model");
    expect(await telegram(bobChat, bob!, "still there?", /^echo:/)).toBe("echo: still there?");
    const listed = await telegram(bobChat, bob!, "/subagents", /^Sub-agents/);
    expect(listed).toMatch(
      new RegExp(String.raw`^Sub-agents working for this chat \(1\):\n${id}  "build watch"  running \d+s`),
    );
    expect(await telegram(group, alice, `/subagents@${fakeBot.username}`, /sub-agent/)).toBe(
      "No sub-agent is working for this chat.",
    );
    const { stdout } = await run(process.execPath, [cliPath, "status"], {
      env: { PATH: process.env.PATH, HOME: world.home, SKEIN_HOME: world.home },
      cwd: world.home,
    });
    expect(stdout).toContain("sub-agents: 1 running");
    const dashboard = await DashboardClient.login(world.home);
    const overview = await dashboard.get<{ subagents: { id: string; label: string; chat: string }[] }>("/api/overview");
    expect(overview.body.subagents).toEqual([
      expect.objectContaining({ id, label: "build watch", chat: "telegram:222", session: "telegram:222" }),
    ]);
    const conversation = await dashboard.get<{ subagents: { id: string }[] }>("/api/conversations/telegram%3A222");
    expect(conversation.body.subagents.map((child) => child.id)).toEqual([id]);
    const stopped = await telegram(bobChat, bob!, `/subagents stop ${id}`, /Stopped/);
    expect(stopped).toBe(`Stopped the sub-agent "build watch" (${id}): it does nothing more and will not report back.`);
    model.release("bob");
    expect(await telegram(bobChat, bob!, "/subagents", /sub-agent/)).toBe("No sub-agent is working for this chat.");
    expect(await telegram(bobChat, bob!, "and now?", /^echo:/)).toBe("echo: and now?");
    expect(telegramTexts(bobChat).filter((text) => text.startsWith("Parent relays:"))).toEqual([]);
  });

  it("refuses a delegation over max_per_chat or max_concurrent, naming the limit, and starts nothing", async () => {
    const { carol, dave, erin, bob } = users;
    await telegram(chatOf(carol!), carol!, delegate({ task: "hold:limits carol's first" }), /^Started/);
    const second = await telegram(
      chatOf(carol!),
      carol!,
      delegate({ task: "hold:limits carol's second" }),
      /^Delegation said/,
    );
    expect(second).toContain("agents.defaults.subagents.max_per_chat is 1");
    await telegram(chatOf(dave!), dave!, delegate({ task: "hold:limits dave's" }), /^Started/);
    await telegram(chatOf(erin!), erin!, delegate({ task: "hold:limits erin's" }), /^Started/);
    const fourth = await telegram(chatOf(bob!), bob!, delegate({ task: "hold:limits bob's" }), /^Delegation said/);
    expect(fourth).toContain("agents.defaults.subagents.max_concurrent is 3");
    expect(childRequests("hold:limits carol's second")).toEqual([]);
    expect(childRequests("hold:limits bob's")).toEqual([]);
    model.release("limits");
    for (const user of [carol!, dave!, erin!]) await shown(chatOf(user), /^Parent relays: Child answer: hold:limits/);
  });

  it("posts a child's exec_shell approval prompt in the parent chat, naming the sub-agent, and runs it once the delegating user allows it", async () => {
    const { dave } = users;
    const daveChat = chatOf(dave!);
    const before = telegramTexts(daveChat).length;
    const task = `tool ${JSON.stringify([{ name: "exec_shell", arguments: { command: "echo approved-for-dave" } }])}`;
    const started = await telegram(daveChat, dave!, delegate({ task, label: "shell check" }), /^Started/);
    const id = subagentId.exec(started)![0];
    const promptOf = () =>
      world.telegram.sent.find((sent) => sent.chat_id === daveChat.id && sent.payload.reply_markup !== undefined);
    await eventually(world, () => promptOf() !== undefined, "the approval prompt is posted in Dave's chat");
    const prompt: SentMessage | undefined = promptOf();
    expect(prompt!.visibleText).toContain(`the sub-agent "shell check" (${id}) wants to run exec_shell`);
    const keyboard = prompt!.payload.reply_markup as { inline_keyboard: { text: string; callback_data: string }[][] };
    const allow = keyboard.inline_keyboard.flat().find((button) => button.text === "Allow once")!;
    world.telegram.pressButton(prompt!, dave!, allow.callback_data);
    expect(await shown(daveChat, /^Parent relays:/, before)).toContain("approved-for-dave");
  });

  it("runs a child as another agent with agent: (its prompt, model and tools), and refuses an unknown one", async () => {
    const { erin } = users;
    const erinChat = chatOf(erin!);
    const task = "what do researchers know?";
    await telegram(erinChat, erin!, delegate({ task, agent: "researcher", label: "research" }), /^Started/);
    await shown(erinChat, /^Parent relays: Child answer: what do researchers know\?/);
    const [child] = childRequests(task);
    expect(child!.body.model).toBe("research-model");
    expect(contentText(child!.body.messages[0]!.content)).toContain("You are the researcher agent: dig deep.");
    const tools = toolNames(child!);
    expect(tools).toContain("read_file");
    for (const denied of ["exec_shell", "spawn", "write_file", "delegate"]) expect(tools).not.toContain(denied);
    const refused = await telegram(
      erinChat,
      erin!,
      delegate({ task: "anything", agent: "nobody" }),
      /^Delegation said/,
    );
    expect(refused).toContain('there is no agent "nobody"');
  });

  it("gives a waited child's final answer as the tool result of the same turn", async () => {
    const { carol } = users;
    const reply = await telegram(chatOf(carol!), carol!, delegate({ task: "sum 2 and 2", wait: true }), /^Waited:/);
    expect(reply).toBe("Waited: Child answer: sum 2 and 2");
    expect(telegramTexts(chatOf(carol!)).filter((text) => text.includes("sum 2 and 2"))).toEqual([reply]);
  });
});
