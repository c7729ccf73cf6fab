import { mkdir, mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FakeOpenAI, type FakeRequest, spokenText } from "../fakes/fake-openai.js";
import { type FakeChat, FakeTelegram, type FakeUser, type SentMessage } from "../fakes/fake-telegram.js";
import { type SkeinProcess, spawnSkein } from "../support/skein-process.js";
import { within } from "../support/within.js";

/** Secrets the daemon holds in its environment, config.json and .env: none may reach a tool result. */
export const SECRETS = {
  openaiKey: "sk-attack-OPENAI-5f3a9c",
  configSecret: "brave-CONFIG-secret-71d2",
  dotEnvSecret: "DOTENV-secret-c0ffee",
} as const;

interface ToolCall {
  name: string;
  arguments: Record<string, unknown>;
}

export const alice: FakeUser = { id: 111, first_name: "Alice", username: "alice" };
export const bob: FakeUser = { id: 222, first_name: "Bob", username: "bob" };
export const mallory: FakeUser = { id: 666, first_name: "Mallory", username: "mallory" };
export const chatOf = (user: FakeUser): FakeChat => ({ id: user.id, type: "private" });

/** A tool message's content: its JSON, or `{text}` when it is plain text (an MCP tool's result). */
function resultOf(content: string): Record<string, unknown> {
  try {
    return JSON.parse(content) as Record<string, unknown>;
  } catch {
    return { text: content };
  }
}

/** Whether a lone UTF-16 surrogate is in any string of `value`. */
function hasLoneSurrogate(value: unknown): boolean {
  if (typeof value === "string") return !(value as unknown as { isWellFormed(): boolean }).isWellFormed();
  if (Array.isArray(value)) return value.some(hasLoneSurrogate);
  if (value === null || typeof value !== "object") return false;
  return Object.entries(value).some(([key, item]) => hasLoneSurrogate(key) || hasLoneSurrogate(item));
}

export { bwrapWorks } from "../support/bwrap-works.js";

/**
 * The built CLI serving Telegram (alice and bob allowed) with a model that runs any tool
 * a user asks for: a DM `tool {"name":…,"arguments":…}` becomes that tool call, and the
 * answer after it is "done"; `answer <JSON string>` is answered with that string. Like a real
 * provider, the model refuses (400) a request with a lone surrogate. Each call's result is read
 * back from the model's next request.
 */
export class SkeinUnderAttack {
  private constructor(
    readonly telegram: FakeTelegram,
    readonly model: FakeOpenAI,
    readonly home: string,
    readonly workspace: string,
    readonly skein: SkeinProcess,
  ) {}

  /** Starts the daemon with `config` (config.json) and `env` over its usual environment. */
  static async start(
    config: Record<string, unknown> = {},
    env: Record<string, string> = {},
  ): Promise<SkeinUnderAttack> {
    const telegram = await FakeTelegram.start();
    const model = await FakeOpenAI.start();
    const home = await realpath(await mkdtemp(join(tmpdir(), "skein-attack-")));
    const workspace = join(home, "workspace");
    await mkdir(workspace);
    await writeFile(
      join(home, "config.json"),
      JSON.stringify({
        ...config,
        tools: { web_search: { api_key: SECRETS.configSecret }, ...(config.tools as object) },
      }),
    );
    await writeFile(join(home, ".env"), `SKEIN_ATTACK_DOTENV=${SECRETS.dotEnvSecret}\n`);
    model.respondWith((request) => {
      // Like OpenAI's and Anthropic's APIs: a lone surrogate anywhere makes the body invalid JSON.
      if (hasLoneSurrogate(request.body))
        return {
          type: "error",
          status: 400,
          body: {
            error: {
              message: "The request body is not valid JSON: no low surrogate in string",
              type: "invalid_request_error",
            },
          },
        };
      const last = request.body.messages.at(-1);
      const said = last?.role === "user" ? spokenText(last.content) : "";
      if (said.startsWith("answer ")) return { content: JSON.parse(said.slice("answer ".length)) as string };
      if (said.startsWith("tool ")) {
        const calls = JSON.parse(said.slice("tool ".length)) as ToolCall | ToolCall[];
        return { toolCalls: [calls].flat().map((call, index) => ({ id: `call_${index}`, ...call })) };
      }
      return { content: last?.role === "tool" ? "done" : `echo: ${spokenText(last?.content)}` };
    });
    const skein = spawnSkein(["start"], {
      cwd: home,
      env: {
        PATH: process.env.PATH,
        HOME: home,
        SKEIN_HOME: home,
        TELEGRAM_BOT_TOKEN: telegram.token,
        TELEGRAM_API_ROOT: telegram.apiRoot,
        TELEGRAM_ALLOW_FROM: `${alice.id},${bob.id}`,
        OPENAI_BASE_URL: model.baseUrl,
        OPENAI_API_KEY: SECRETS.openaiKey,
        // Each reply as one sendMessage (streamed previews are plain text and edited; same renderer at the end).
        TELEGRAM_STREAMING: "false",
        // Debug: ignored messages are logged, so tests can wait for them.
        SKEIN_LOG_LEVEL: "debug",
        ...env,
      },
    });
    await skein.waitFor('"msg":"skein ready"');
    return new SkeinUnderAttack(telegram, model, home, workspace, skein);
  }

  /** Sends `text` as `from` and resolves with the reply the bot sends next to that chat. */
  async say(from: FakeUser, text: string): Promise<SentMessage> {
    const before = this.telegram.sent.length;
    this.telegram.userMessage(chatOf(from), from, text);
    for (let count = before + 1; ; count++) {
      const sent = await this.telegram.waitForSent(count);
      const reply = sent.slice(before).find((message) => message.chat_id === from.id);
      if (reply) return reply;
    }
  }

  /** Has `from` ask for one tool call and resolves with the tool's result, as the model saw it (parsed JSON; `{text}` for plain text). */
  async callTool(
    name: string,
    args: Record<string, unknown>,
    from: FakeUser = alice,
  ): Promise<Record<string, unknown>> {
    const [result] = await this.callTools([{ name, arguments: args }], from);
    return result!;
  }

  /** Has `from` ask for several tool calls in one model response; resolves with their results in order. */
  async callTools(calls: ToolCall[], from: FakeUser = alice): Promise<Array<Record<string, unknown>>> {
    const before = this.model.requests.length;
    const asked = `tool ${JSON.stringify(calls)}`;
    await this.say(from, asked);
    // Another chat's calls may run meanwhile: the request that carries these results also carries this ask.
    const spaced = (text: string) => text.replace(/\s+/g, " ");
    const request = this.model.requests
      .slice(before)
      .find(
        (candidate: FakeRequest) =>
          candidate.body.messages.at(-1)?.role === "tool" &&
          candidate.body.messages.some(
            (message) => message.role === "user" && spaced(spokenText(message.content)) === spaced(asked),
          ),
      );
    const results = (request?.body.messages ?? []).filter((message) => message.role === "tool").slice(-calls.length);
    if (results.length !== calls.length)
      throw new Error(`the results of ${calls.map((call) => call.name).join(", ")} did not reach the model`);
    return results.map((message) => resultOf(String(message.content)));
  }

  /** Resolves once the daemon has logged `count` messages ignored for `reason`. */
  async ignored(reason: string, count: number): Promise<void> {
    const logged = `"reason":"${reason}"`;
    const times = () => this.skein.stderr().split(logged).length - 1;
    const enough = async () => {
      while (times() < count) await new Promise((resolve) => this.skein.child.stderr!.once("data", resolve));
    };
    await within(enough(), `${count} messages ignored for ${reason}`, () => `${times()} so far`);
  }

  async close(): Promise<void> {
    await this.skein.stop();
    await this.telegram.close();
    await this.model.close();
    await rm(this.home, { recursive: true, force: true });
  }
}
