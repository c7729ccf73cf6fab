import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TelegramChannel } from "../../channels/telegram/telegram-channel.js";
import type { TurnOutcome } from "../../src/agent/agent-loop.js";
import { createDaemon, type Daemon } from "../../src/daemon.js";
import { captureLog, fastOptions } from "../channels/telegram/harness.js";
import { contentText, FakeOpenAI, type FakeRequest } from "../fakes/fake-openai.js";
import { type FakeChat, FakeTelegram, type FakeUser, fakeBot } from "../fakes/fake-telegram.js";
import { waitUntil } from "../support/wait-until.js";
import { writeSkill } from "./helpers.js";

const alice: FakeUser = { id: 111, first_name: "Alice", username: "alice" };
const aliceChat: FakeChat = { id: 111, type: "private" };
const group: FakeChat = { id: -100_200, type: "supergroup", title: "Team" };

/** The `<available_skills>` block of a request's system prompt. */
function catalogOf(request: FakeRequest | undefined): string {
  const system = contentText(request?.body.messages[0]?.content);
  return /<available_skills>[\s\S]*<\/available_skills>/.exec(system)?.[0] ?? "";
}

describe("skills in a daemon serving Telegram", () => {
  let telegram: FakeTelegram;
  let model: FakeOpenAI;
  let home: string;
  let skillsRoot: string;
  let daemon: Daemon;

  beforeAll(async () => {
    telegram = await FakeTelegram.start();
    model = await FakeOpenAI.start();
    home = await mkdtemp(join(tmpdir(), "skein-skills-telegram-"));
    skillsRoot = join(home, "workspace", "skills");
    await writeSkill(skillsRoot, "my-skill", "name: my-skill\ndescription: Summarises things the house way.");
    await writeSkill(
      skillsRoot,
      "secret-recipe",
      "name: secret-recipe\ndescription: Only for people.\ndisable-model-invocation: true",
      "Bake at 180 degrees.",
    );
    await writeSkill(skillsRoot, "model-only", "name: model-only\ndescription: Not for people.\nuser-invocable: false");
    const hello = await writeSkill(
      join(home, "skills"),
      "hello",
      'name: hello\ndescription: Greets.\nmetadata: {"openclaw": {"requires": {"env": ["HELLO_TOKEN"]}}}',
    );
    await mkdir(join(hello, "scripts"));
    await writeFile(
      join(hello, "scripts", "hello.sh"),
      'echo "hello from the skill, token $' +
        '{HELLO_TOKEN:-unset}"\ntouch "$(dirname "$0")/written" 2>/dev/null || echo read-only\n',
    );
    await writeFile(
      join(home, "config.json"),
      JSON.stringify({ skills: { entries: { hello: { env: { HELLO_TOKEN: "tok-2f9d1c" } } } } }),
    );
    const env = {
      HOME: home,
      SKEIN_HOME: home,
      TELEGRAM_BOT_TOKEN: telegram.token,
      TELEGRAM_API_ROOT: telegram.apiRoot,
      TELEGRAM_ALLOW_FROM: String(alice.id),
      OPENAI_BASE_URL: model.baseUrl,
      OPENAI_API_KEY: "sk-test",
    };
    daemon = createDaemon({
      env,
      cwd: home,
      ignoreDotEnv: true,
      log: captureLog().log,
      platformChannels: false,
      channels: [
        {
          name: "telegram",
          create: ({ config, ...deps }) =>
            new TelegramChannel({ ...deps, settings: config.channels.telegram }, fastOptions),
        },
      ],
    });
    await daemon.start();
  });
  afterAll(async () => {
    await daemon.stop();
    await telegram.close();
    await model.close();
    await rm(home, { recursive: true, force: true });
  });

  /** Sends `text` as alice in `chat` and waits until its turn was handled. */
  async function converse(chat: FakeChat, text: string, extras: Record<string, unknown> = {}): Promise<TurnOutcome> {
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

  it("offers the invocable skills in Telegram's command menu, spelled with underscores", async () => {
    await waitUntil(() => telegram.callsOf("setMyCommands").length > 0, "the command menu is set");
    const [call] = telegram.callsOf("setMyCommands");
    const commands = (call!.payload.commands as Array<{ command: string }>).map((entry) => entry.command);
    expect(commands).toContain("my_skill");
    expect(commands).toContain("secret_recipe");
    expect(commands).not.toContain("model_only");
    expect(commands).toContain("skills");
  });

  it("puts a catalog of the skills in the system prompt, the same from turn to turn, and gives the model the skill tool", async () => {
    await converse(aliceChat, "hello");
    await converse(aliceChat, "hello again");
    const [first, second] = model.requests.slice(-2);
    const catalog = catalogOf(first);
    expect(catalog).toContain("<name>my-skill</name>");
    expect(catalog).toContain("<description>Summarises things the house way.</description>");
    expect(catalog).toContain(`<location>${join(skillsRoot, "my-skill", "SKILL.md")}</location>`);
    expect(catalog).toContain("<name>model-only</name>");
    expect(catalog).not.toContain("secret-recipe");
    expect(catalogOf(second)).toBe(catalog);
    expect(first?.body.tools?.map((tool) => tool.function.name)).toContain("skill");
  });

  it("returns a skill's instructions from the skill tool, and a file of its folder with a path", async () => {
    await mkdir(join(skillsRoot, "my-skill", "references"), { recursive: true });
    await writeFile(join(skillsRoot, "my-skill", "references", "style.md"), "Use short sentences.");
    model.reply(
      { toolCalls: [{ name: "skill", arguments: { name: "my-skill" } }] },
      { toolCalls: [{ name: "skill", arguments: { name: "my-skill", path: "references/style.md" } }] },
      { toolCalls: [{ name: "skill", arguments: { name: "my-skill", path: "../../../config.json" } }] },
      { toolCalls: [{ name: "skill", arguments: { name: "secret-recipe" } }] },
      { content: "done" },
    );
    await converse(aliceChat, "summarise the news");
    const tools = model.requests
      .at(-1)!
      .body.messages.filter((message) => message.role === "tool")
      .slice(-4)
      .map((message) => contentText(message.content));
    expect(tools[0]).toContain("Instructions of my-skill.");
    expect(tools[1]).toBe("Use short sentences.");
    expect(tools[2]).toMatch(/outside the skill's folder|has no file/);
    expect(tools[3]).toMatch(/no skill named .*secret-recipe/);
  });

  it("runs /<skill> in a direct chat with the skill loaded and the request as the user's message", async () => {
    const outcome = await converse(aliceChat, "/my-skill the quarterly report");
    expect(outcome.status).toBe("answered");
    const messages = model.requests.at(-1)!.body.messages;
    const user = messages.findLast((message) => message.role === "user");
    expect(contentText(user?.content)).toContain("the quarterly report");
    expect(contentText(user?.content)).not.toContain("/my-skill");
    const loaded = messages.at(-1)!;
    expect(loaded.role).toBe("tool");
    expect(contentText(loaded.content)).toContain("Instructions of my-skill.");
    expect(outcome.reply).toContain("the quarterly report");
  });

  it("runs /<skill_name>@botname in a group, and a skill kept from the model when people call it", async () => {
    const command = `/secret_recipe@${fakeBot.username}`;
    const outcome = await converse(group, `${command} for a cake`, {
      entities: [{ type: "bot_command", offset: 0, length: command.length }],
    });
    expect(outcome.status).toBe("answered");
    const messages = model.requests.at(-1)!.body.messages;
    expect(contentText(messages.findLast((message) => message.role === "user")?.content)).toMatch(/for a cake$/);
    expect(contentText(messages.at(-1)?.content)).toContain("Bake at 180 degrees.");
  });

  it("lists with /skills what people can call here, and does not let them call a model-only skill", async () => {
    const requests = model.requests.length;
    const listing = await converse(aliceChat, "/skills");
    expect(listing.status).toBe("command");
    expect(listing.reply).toContain("/my_skill — Summarises things the house way.");
    expect(listing.reply).toContain("/secret_recipe");
    expect(listing.reply).not.toContain("model_only");
    const refused = await converse(aliceChat, "/model_only do it");
    expect(refused.status).toBe("answered");
    expect(contentText(model.requests.at(-1)!.body.messages.at(-1)?.content)).toContain("/model_only do it");
    expect(model.requests.length).toBe(requests + 1);
  });

  it("runs a skill's script with exec_shell in the sandbox, its folder read-only, its env only in a turn that loaded it", async () => {
    const script = join(home, "skills", "hello", "scripts", "hello.sh");
    const run = { toolCalls: [{ name: "exec_shell", arguments: { command: `sh ${script}` } }] };
    model.reply(run, { content: "ran it" });
    await converse(aliceChat, "run the hello script");
    const unloaded = contentText(model.requests.at(-1)!.body.messages.at(-1)?.content);
    expect(unloaded).toContain("hello from the skill, token unset");
    expect(unloaded).toContain("read-only");

    model.reply(run, { content: "ran it" });
    const outcome = await converse(aliceChat, "/hello run your script");
    expect(outcome.reply).toBe("ran it");
    const loaded = contentText(model.requests.at(-1)!.body.messages.at(-1)?.content);
    expect(loaded).toContain("hello from the skill, token tok-2f9d1c");
  });

  it("lets read_file read a skill's folder by its absolute path, and nothing else outside the workspace", async () => {
    model.reply(
      { toolCalls: [{ name: "read_file", arguments: { path: join(home, "skills", "hello", "SKILL.md") } }] },
      { toolCalls: [{ name: "read_file", arguments: { path: join(home, "config.json") } }] },
      { content: "read them" },
    );
    await converse(aliceChat, "read the hello skill");
    const [skillFile, config] = model.requests
      .at(-1)!
      .body.messages.filter((message) => message.role === "tool")
      .slice(-2)
      .map((message) => contentText(message.content));
    expect(skillFile).toContain("name: hello");
    expect(config).toContain("outside the workspace");
    expect(config).not.toContain("tok-2f9d1c");
  });

  it("sees a new skill at the next turn without a restart, and updates the command menu", async () => {
    const menus = telegram.callsOf("setMyCommands").length;
    await writeSkill(skillsRoot, "fresh-one", "name: fresh-one\ndescription: Brand new.");
    await converse(aliceChat, "anything new?");
    expect(catalogOf(model.requests.at(-1))).toContain("<name>fresh-one</name>");
    expect(telegram.callsOf("setMyCommands").length).toBe(menus + 1);
    const commands = telegram.callsOf("setMyCommands").at(-1)!.payload.commands as Array<{ command: string }>;
    expect(commands.map((entry) => entry.command)).toContain("fresh_one");
  });
});
