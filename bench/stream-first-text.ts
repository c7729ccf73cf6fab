/**
 * Time to first visible text of a streamed reply: from the model's first text token (as
 * the provider hands it on) to the fake Bot API receiving the sendMessage that shows it,
 * through the real Telegram channel, agent loop and OpenAI SDK.
 */
import { join } from "node:path";
import { pino } from "pino";
import { TelegramChannel } from "../channels/telegram/telegram-channel.js";
import { AgentLoop } from "../src/agent/agent-loop.js";
import { ContextBuilder } from "../src/agent/context.js";
import { SessionFiles } from "../src/agent/sessions.js";
import { MessageBus } from "../src/bus/message-bus.js";
import { configSchema } from "../src/config/schema.js";
import { OpenAIProvider } from "../src/providers/openai.js";
import type { LlmProvider } from "../src/providers/provider.js";
import { ToolRegistry } from "../src/tools/registry.js";
import { FakeOpenAI } from "../test/fakes/fake-openai.js";
import { FakeTelegram } from "../test/fakes/fake-telegram.js";

/** Milliseconds from the first model token to the first visible text, one per turn. */
export async function streamFirstTextLatency(home: string, turns = 10): Promise<number[]> {
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
  let firstToken: number | undefined;
  // A wrapper, as a router would be: the delta callback passes through it untouched.
  const provider: LlmProvider = {
    name: "timed",
    chat: (request, signal) =>
      openai.chat(
        {
          ...request,
          ...(request.onTextDelta && {
            onTextDelta: (text: string) => {
              firstToken ??= Date.now();
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
  const samples: number[] = [];
  try {
    for (let turn = 0; turn < turns; turn++) {
      firstToken = undefined;
      const before = telegram.callsOf("sendMessage").length;
      const answer = "Streaming makes the first words of an answer visible at once. ".repeat(20);
      model.reply({ content: answer, pieces: { size: 48, delayMs: 20 } });
      const done = new Promise<void>((resolve) => {
        const stop = agent.onOutcome(() => {
          stop();
          resolve();
        });
      });
      telegram.userMessage({ id: 111, type: "private" }, { id: 111, first_name: "Ada" }, `question ${turn}`);
      await done;
      const shown = telegram.callsOf("sendMessage")[before]!;
      samples.push(shown.at - firstToken!);
    }
  } finally {
    await agent.stop(1_000);
    await channel.stop();
    controller.abort();
    await model.close();
    await telegram.close();
  }
  return samples;
}
