import { mkdtemp, realpath, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Ajv } from "ajv";
import { MessageBus } from "../../../src/bus/message-bus.js";
import { configSchema, type SkeinConfigInput } from "../../../src/config/schema.js";
import { silentLogger } from "../../../src/log.js";
import { type BuiltinToolDeps, registerBuiltinTools } from "../../../src/tools/builtin/index.js";
import type { Tool, ToolContext, ToolResult } from "../../../src/tools/tool.js";
import { within } from "../../support/within.js";

/** A ToolContext for one sender, its outbound port on `bus`, recording what tools report back and send. */
export interface TestContext extends ToolContext {
  readonly notifications: unknown[];
  readonly deliveries: Array<{ channel: string; chatId: string }>;
  /** Resolves with the next notification (or one already received and not yet taken). */
  nextNotification(): Promise<ToolResult>;
}

export function makeContext(
  overrides: { channel?: string; chatId?: string; senderId?: string; bus?: MessageBus; signal?: AbortSignal } = {},
): TestContext {
  const bus = overrides.bus ?? new MessageBus();
  const notifications: unknown[] = [];
  const deliveries: Array<{ channel: string; chatId: string }> = [];
  const waiters: Array<(value: unknown) => void> = [];
  let taken = 0;
  const channel = overrides.channel ?? "cli";
  const chatId = overrides.chatId ?? "chat-1";
  return {
    channel,
    chatId,
    senderId: overrides.senderId ?? "user-1",
    sessionKey: `${channel}:${chatId}`,
    signal: overrides.signal ?? new AbortController().signal,
    log: silentLogger(),
    outbound: {
      send(message, progress) {
        deliveries.push({ channel: message.channel, chatId: message.chatId });
        return bus.publishOutbound(message, progress);
      },
      channels: () => bus.runningChannels(),
    },
    notifications,
    deliveries,
    reportBack(result) {
      notifications.push(result);
      waiters.shift()?.(result);
    },
    nextNotification() {
      if (taken < notifications.length) return Promise.resolve(notifications[taken++] as ToolResult);
      const reported = new Promise<ToolResult>((resolve) => {
        waiters.push((value) => {
          taken++;
          resolve(value as ToolResult);
        });
      });
      return within(reported, "the next reportBack", () => `${notifications.length} reports, ${taken} taken`);
    },
  };
}

const ajv = new Ajv({ allErrors: true });

/** A tool's JSON answer as tests read it: each test asserts the fields it reaches into. */
// biome-ignore lint/suspicious/noExplicitAny: tests reach into each tool's own JSON reply shape; typing all of them would not make a test catch more
export type ToolReply = any;

/** Runs a tool as the registry would: the arguments are validated against its schema first (throws on invalid ones). */
export async function runTool<Args>(
  tool: Tool<Args>,
  args: Record<string, unknown>,
  ctx: ToolContext = makeContext(),
): Promise<ToolReply> {
  const validate = ajv.compile<Args>(tool.parameters);
  if (!validate(args)) throw new Error(`invalid arguments for ${tool.name}: ${ajv.errorsText(validate.errors)}`);
  return tool.execute(args, ctx);
}

/** The built-in tools registered for a workspace. */
export class BuiltinTools {
  readonly tools = new Map<string, Tool>();

  constructor(deps: BuiltinToolDeps) {
    registerBuiltinTools(
      {
        register: (tool) => void this.tools.set(tool.name, tool as Tool),
        unregister: (name) => this.tools.delete(name),
      },
      deps,
    );
  }

  get(name: string): Tool {
    const tool = this.tools.get(name);
    if (!tool) throw new Error(`no tool ${name}`);
    return tool;
  }

  /** Validates the arguments against the tool's schema, then runs it. */
  run(name: string, args: Record<string, unknown>, ctx?: ToolContext): Promise<ToolReply> {
    return runTool(this.get(name), args, ctx);
  }

  /** Whether the schema accepts these arguments. */
  accepts(name: string, args: Record<string, unknown>): boolean {
    return ajv.validate(this.get(name).parameters, args);
  }
}

/** A fresh workspace under the OS temp dir, canonical, and the tools over it. */
export async function setUpTools(
  config: SkeinConfigInput = {},
  extra: Partial<BuiltinToolDeps> = {},
): Promise<{ tools: BuiltinTools; workspace: string; home: string; outside: string; cleanup: () => Promise<void> }> {
  const base = await realpath(await mkdtemp(path.join(os.tmpdir(), "skein-tools-")));
  const workspace = path.join(base, "workspace");
  const outside = path.join(base, "outside");
  const { mkdir } = await import("node:fs/promises");
  await mkdir(workspace);
  await mkdir(outside);
  const tools = new BuiltinTools({
    config: configSchema.parse(config),
    workspace,
    home: base,
    log: silentLogger(),
    env: { PATH: process.env.PATH, HOME: process.env.HOME },
    ...extra,
  });
  return { tools, workspace, home: base, outside, cleanup: () => rm(base, { recursive: true, force: true }) };
}
