import { join } from "node:path";
import { type Logger, pino } from "pino";
import { expect } from "vitest";
import { AgentLoop, type TurnOutcome } from "../../src/agent/agent-loop.js";
import { ContextBuilder } from "../../src/agent/context/context.js";
import { SessionFiles } from "../../src/agent/sessions/sessions.js";
import type { MessageBus } from "../../src/bus/message-bus.js";
import type { Channel } from "../../src/channel-kit/channel.js";
import { configSchema } from "../../src/config/schema.js";
import { OpenAIProvider } from "../../src/providers/openai.js";
import { ToolRegistry } from "../../src/tools/registry.js";
import { toolResult } from "../../src/tools/tool.js";
import { FakeOpenAI } from "../fakes/fake-openai.js";
import { fakeTool } from "./tool-context.js";
import { within } from "./within.js";

/**
 * An agent loop answering a real channel's messages through a fake model, with the
 * channel's working indicator and streamed replies wired as the daemon wires them.
 */
export async function startStreamingAgent(options: { bus: MessageBus; channel: Channel; home: string; log?: Logger }) {
  const model = await FakeOpenAI.start();
  const log = options.log ?? pino({ level: "silent" });
  const registry = new ToolRegistry({ log });
  const sessions = new SessionFiles({ dir: join(options.home, "sessions"), log });
  const agent = new AgentLoop({
    bus: options.bus,
    provider: new OpenAIProvider({ baseUrl: model.baseUrl, apiKey: "sk-test", maxRetries: 0 }),
    registry,
    sessions,
    context: new ContextBuilder({ workspace: join(options.home, "workspace"), log }),
    agent: configSchema.parse({ agents: { defaults: { model: "fake-model" } } }).agents.defaults,
    log,
    indicateWorking: (message) => options.channel.indicateWorking?.(message),
    openStream: (target) => options.channel.openStream?.(target),
  });
  agent.start();
  const outcomes: TurnOutcome[] = [];
  const waiting: Array<(outcome: TurnOutcome) => void> = [];
  agent.onOutcome((outcome) => {
    outcomes.push(outcome);
    waiting.shift()?.(outcome);
  });
  return {
    model,
    registry,
    agent,
    outcomes,
    /** Resolves with the next turn's outcome. */
    nextOutcome: () =>
      within(new Promise<TurnOutcome>((resolve) => waiting.push(resolve)), "the next turn's outcome", () =>
        outcomes.map((outcome) => `${outcome.message.id}: ${outcome.status}`),
      ),
    async close() {
      await agent.stop(1_000);
      await model.close();
    },
  };
}

/**
 * Scripts a turn whose model first calls `slow_tool` (after a sentence of text), then answers
 * "The build is green."; the tool runs until the returned function releases it.
 */
export function holdSlowTool(agent: Pick<Awaited<ReturnType<typeof startStreamingAgent>>, "registry" | "model">) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  agent.registry.register(
    fakeTool("slow_tool", async () => {
      await released;
      return toolResult("done");
    }),
  );
  agent.model.reply(
    {
      content: "Let me check the build logs for you, one moment.",
      toolCalls: [{ name: "slow_tool", arguments: {} }],
    },
    { content: "The build is green." },
  );
  return release;
}

/** An answer of about `length` characters: sentences, a code block, a list. */
export function writtenAnswer(length: number): string {
  const parts: string[] = [];
  let size = 0;
  for (let index = 0; size < length; index++) {
    const part =
      index % 7 === 3
        ? `\`\`\`js\nconst value${index} = compute(${index});\nconsole.log(value${index});\n\`\`\``
        : index % 7 === 5
          ? `- point ${index} with **bold** text\n- another point ${index}`
          : `Paragraph ${index} explains one more *thing* about streaming replies, clearly and at length.`;
    parts.push(part);
    size += part.length + 2;
  }
  return parts.join("\n\n");
}

/**
 * Requests on the preview (arrival times at the fake) came at most one per interval. A
 * request's arrival can be late by the time a busy machine takes to send it, which shortens
 * the gap after it but not the ones around it: so every run of requests is checked, allowing
 * one interval and 50 ms of such lateness (unthrottled, dozens arrive within one interval).
 */
export function expectThrottled(times: number[], intervalMs: number): void {
  for (let first = 0; first < times.length; first++)
    for (let last = first + 1; last < times.length; last++)
      expect(times[last]! - times[first]!).toBeGreaterThanOrEqual((last - first - 1) * intervalMs - 50);
}
