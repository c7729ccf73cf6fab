import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Logger, pino } from "pino";
import { AgentLoop, type AgentLoopOptions, type TurnOutcome } from "../../src/agent/agent-loop.js";
import { ContextBuilder } from "../../src/agent/context/context.js";
import { SessionFiles } from "../../src/agent/sessions/sessions.js";
import type { MessageJournal } from "../../src/bus/journal.js";
import { MessageBus } from "../../src/bus/message-bus.js";
import type { InboundMessage, OutboundMessage, SendOptions } from "../../src/bus/messages.js";
import { configSchema } from "../../src/config/schema.js";
import { redactSecrets } from "../../src/config/secrets.js";
import type { InboundGate } from "../../src/gates/gate.js";
import { OpenAIProvider } from "../../src/providers/openai.js";
import { ToolRegistry } from "../../src/tools/registry.js";
import { FakeOpenAI } from "../fakes/fake-openai.js";
import { within } from "../support/within.js";

export interface HarnessOptions {
  agent?: Record<string, unknown>;
  gates?: InboundGate[];
  log?: Logger;
  stream?: boolean;
  indicateWorking?: AgentLoopOptions["indicateWorking"];
  openStream?: AgentLoopOptions["openStream"];
  /** Delivery for the `test` channel (default: record and succeed). */
  send?: (message: OutboundMessage, options?: SendOptions) => Promise<void>;
  /** The key the provider sends (default `sk-test`). */
  apiKey?: string;
  /** Where the provider sends its requests (default: the fake model server). */
  baseUrl?: string;
  /** Secret values the bus removes from every outbound text, as the daemon does. */
  secrets?: string[];
  /** More agent-loop options (model settings, usage, budgets, another provider), given the temp home and the fake. */
  loop?: (context: { home: string; fake: FakeOpenAI; log: Logger }) => Partial<AgentLoopOptions>;
  /** The bus's journal (default in memory). */
  journal?: MessageJournal;
  /** A home left by an earlier harness (a restart); default a fresh temp dir. */
  home?: string;
}

/** An agent loop wired to the real OpenAI SDK, a fake model server, a temp home and a recording channel. */
export async function startHarness(options: HarnessOptions = {}) {
  const fake = await FakeOpenAI.start();
  const home = options.home ?? (await mkdtemp(join(tmpdir(), "skein-agent-")));
  const log = options.log ?? pino({ level: "silent" });
  const secrets = options.secrets ?? [];
  const bus = new MessageBus({ redact: (text) => redactSecrets(text, secrets), journal: options.journal });
  const sent: OutboundMessage[] = [];
  bus.registerChannel("test", async (message, sendOptions) => {
    sent.push(message);
    await options.send?.(message, sendOptions);
    return undefined;
  });
  const registry = new ToolRegistry({ log });
  const sessions = new SessionFiles({ dir: join(home, "sessions"), log });
  const config = configSchema.parse({ agents: { defaults: { model: "fake-model", ...options.agent } } });
  const agent = new AgentLoop({
    bus,
    provider: new OpenAIProvider({
      baseUrl: options.baseUrl ?? fake.baseUrl,
      apiKey: options.apiKey ?? "sk-test",
      maxRetries: 0,
      stream: options.stream ?? false,
    }),
    registry,
    sessions,
    context: new ContextBuilder({ workspace: join(home, "workspace"), log }),
    gates: options.gates ?? [],
    agent: config.agents.defaults,
    log,
    indicateWorking: options.indicateWorking,
    openStream: options.openStream,
    ...options.loop?.({ home, fake, log }),
  });
  agent.start();
  const outcomes: TurnOutcome[] = [];
  agent.onOutcome((outcome) => outcomes.push(outcome));
  const seenOutcomes = () => outcomes.map((outcome) => `${outcome.message.id}: ${outcome.status}`);
  let sequence = 0;

  /** Publishes an inbound message from the `test` channel. */
  function receive(text: string, extra: Partial<InboundMessage> = {}): InboundMessage {
    const message: InboundMessage = {
      id: `test:${++sequence}`,
      channel: "test",
      chatId: "chat-1",
      senderId: "user-1",
      senderName: "Ada",
      text,
      isDirect: true,
      receivedAt: Date.now(),
      ...extra,
    };
    bus.publishInbound(message);
    return message;
  }

  /** Resolves with the outcome of the message with this id. */
  function outcomeOf(id: string): Promise<TurnOutcome> {
    const found = outcomes.find((outcome) => outcome.message.id === id);
    if (found) return Promise.resolve(found);
    const arrived = new Promise<TurnOutcome>((resolve) => {
      const stop = agent.onOutcome((outcome) => {
        if (outcome.message.id !== id) return;
        stop();
        resolve(outcome);
      });
    });
    return within(arrived, `the outcome of message ${id}`, seenOutcomes);
  }

  /** Resolves with the next outcome of any message. */
  function nextOutcome(): Promise<TurnOutcome> {
    const arrived = new Promise<TurnOutcome>((resolve) => {
      const stop = agent.onOutcome((outcome) => {
        stop();
        resolve(outcome);
      });
    });
    return within(arrived, "the next outcome", seenOutcomes);
  }

  /** Sends a message and waits for its outcome. */
  async function ask(text: string, extra: Partial<InboundMessage> = {}): Promise<TurnOutcome> {
    return outcomeOf(receive(text, extra).id);
  }

  /** Stops like a daemon (the journal closed), keeping the home for a restart when asked. */
  async function close({ keepHome = false } = {}): Promise<void> {
    bus.closeIntake();
    await agent.stop(1_000);
    await sessions.flush();
    await bus.close();
    await fake.close();
    if (!keepHome) await rm(home, { recursive: true, force: true });
  }

  return { fake, home, bus, sent, registry, sessions, agent, outcomes, receive, outcomeOf, nextOutcome, ask, close };
}

export type Harness = Awaited<ReturnType<typeof startHarness>>;
