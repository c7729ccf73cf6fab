/**
 * Streamed replies on Telegram, through the real Telegram channel, agent loop and OpenAI SDK
 * against the fake Bot API and model: the time to first visible text (from the model's first
 * text token, as the provider hands it on, to the sendMessage that shows it), and the Bot API
 * calls a short answer costs.
 */
import { join } from "node:path";
import { pino } from "pino";
import { TelegramChannel } from "../channels/telegram/telegram-channel.js";
import { AgentLoop } from "../src/agent/agent-loop.js";
import { ContextBuilder } from "../src/agent/context/context.js";
import { SessionFiles } from "../src/agent/sessions/sessions.js";
import { MessageBus } from "../src/bus/message-bus.js";
import { configSchema } from "../src/config/schema.js";
import { OpenAIProvider } from "../src/providers/openai.js";
import type { LlmProvider } from "../src/providers/provider.js";
import { ToolRegistry } from "../src/tools/registry.js";
import { FakeOpenAI } from "../test/fakes/fake-openai.js";
import { FakeTelegram } from "../test/fakes/fake-telegram.js";

/** A streaming Telegram chat with the agent; `ask` resolves once the message is answered. */
async function streamingTelegram(home: string) {
  const log = pino({ level: "silent" });
  const telegram = await FakeTelegram.start();
  const model = await FakeOpenAI.start();
  const bus = new MessageBus();
  const config = configSchema.parse({
    agents: { defaults: { model: "fake-model" } },
    channels: { telegram: { token: telegram.token, api_root: telegram.apiRoot } },
  });
  const channel = new TelegramChannel(
    { settings: config.channels.telegram, bus, log, home },
    { pollingTimeoutSeconds: 1 },
  );
  bus.registerChannel("telegram", (message) => channel.send(message));
  const openai = new OpenAIProvider({ baseUrl: model.baseUrl, apiKey: "sk-bench", maxRetries: 0 });
  const timing = { firstToken: undefined as number | undefined };
  // A wrapper, as a router would be: the delta callback passes through it untouched.
  const provider: LlmProvider = {
    name: "timed",
    chat: (request, signal) =>
      openai.chat(
        {
          ...request,
          ...(request.onTextDelta && {
            onTextDelta: (text: string) => {
              timing.firstToken ??= Date.now();
              request.onTextDelta!(text);
            },
          }),
        },
        signal,
      ),
  };
  const agent = new AgentLoop({
    bus,
    provider,
    registry: new ToolRegistry({ log }),
    sessions: new SessionFiles({ dir: join(home, "sessions"), log }),
    context: new ContextBuilder({ workspace: join(home, "workspace"), log }),
    agent: config.agents.defaults,
    log,
    openStream: (target) => channel.openStream(target),
  });
  const controller = new AbortController();
  await channel.start(controller.signal);
  agent.start();
  return {
    telegram,
    model,
    timing,
    async ask(text: string): Promise<void> {
      const done = new Promise<void>((resolve) => {
        const stop = agent.onOutcome(() => {
          stop();
          resolve();
        });
      });
      telegram.userMessage({ id: 111, type: "private" }, { id: 111, first_name: "Ada" }, text);
      await done;
    },
    async close() {
      await agent.stop(1_000);
      await channel.stop();
      controller.abort();
      await model.close();
      await telegram.close();
    },
  };
}

/** Milliseconds from the first model token to the first visible text, one per turn. */
export async function streamFirstTextLatency(home: string, turns = 10): Promise<number[]> {
  const chat = await streamingTelegram(home);
  const samples: number[] = [];
  try {
    for (let turn = 0; turn < turns; turn++) {
      chat.timing.firstToken = undefined;
      const before = chat.telegram.callsOf("sendMessage").length;
      const answer = "Streaming makes the first words of an answer visible at once. ".repeat(20);
      chat.model.reply({ content: answer, pieces: { size: 48, delayMs: 20 } });
      await chat.ask(`question ${turn}`);
      const shown = chat.telegram.callsOf("sendMessage")[before]!;
      samples.push(shown.at - chat.timing.firstToken!);
    }
  } finally {
    await chat.close();
  }
  return samples;
}

/**
 * Bot API requests (sendMessage and editMessageText) per short streamed answer: one plain and
 * one formatted answer each turn, streamed as a quick model writes them (two pieces).
 */
export async function shortReplyCalls(home: string, turns = 10): Promise<{ plain: number; formatted: number }> {
  const chat = await streamingTelegram(home);
  const requests = () => chat.telegram.callsOf("sendMessage").length + chat.telegram.callsOf("editMessageText").length;
  const totals = { plain: 0, formatted: 0 };
  try {
    for (let turn = 0; turn < turns; turn++) {
      for (const [kind, content] of [
        ["plain", `All ${turn} tests passed on Node 20 and on Node 24, in three minutes.`],
        ["formatted", `**Done.** All ${turn} tests passed on Node 20 and on Node 24, in three minutes.`],
      ] as const) {
        const before = requests();
        chat.model.reply({ content });
        await chat.ask(`did build ${turn} pass?`);
        totals[kind] += requests() - before;
      }
    }
  } finally {
    await chat.close();
  }
  return { plain: totals.plain / turns, formatted: totals.formatted / turns };
}
