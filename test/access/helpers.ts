import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { InboundMessage } from "../../src/bus/messages.js";
import { configSchema, type SkeinConfig, type SkeinConfigInput } from "../../src/config/schema.js";

/** A temporary `$SKEIN_HOME`, removed by `remove()`. */
export async function temporaryHome(): Promise<{ home: string; remove: () => Promise<void> }> {
  const home = await mkdtemp(join(tmpdir(), "skein-access-"));
  return { home, remove: () => rm(home, { recursive: true, force: true }) };
}

export function configWith(input: SkeinConfigInput): SkeinConfig {
  return configSchema.parse(input);
}

let counter = 0;
export function message(overrides: Partial<InboundMessage> = {}): InboundMessage {
  counter += 1;
  return {
    id: `telegram:1:${counter}`,
    channel: "telegram",
    chatId: "100",
    senderId: "100",
    text: "hello",
    isDirect: true,
    receivedAt: Date.now(),
    ...overrides,
  };
}
