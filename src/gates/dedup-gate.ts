import { appendFileSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Logger } from "pino";
import { writeFileAtomicSync } from "../util/atomic-write.js";
import type { InboundGate } from "./gate.js";

export interface DedupGateOptions {
  /** `$SKEIN_HOME`: seen message ids are kept under it so a restart does not answer twice. */
  home: string;
  log: Logger;
  /** Ids remembered per channel (default 5,000): far more than a platform redelivers. */
  capacity?: number;
}

/**
 * Lets each platform message id through once, across restarts. Seen ids are appended
 * to `$SKEIN_HOME/state/seen-messages.log` (one `<channel> <id>` line each), read once
 * at start; the file is rewritten with only the ids still remembered when it has grown
 * to twice what is kept.
 */
export function createDedupGate(options: DedupGateOptions): InboundGate {
  const capacity = options.capacity ?? 5_000;
  const directory = join(options.home, "state");
  const path = join(directory, "seen-messages.log");
  /** Per channel, the ids seen, oldest first (a Set keeps insertion order). */
  const seen = new Map<string, Set<string>>();
  let lines = 0;

  const remember = (channel: string, id: string) => {
    const ids = seen.get(channel) ?? new Set<string>();
    seen.set(channel, ids);
    ids.add(id);
    if (ids.size > capacity) ids.delete(ids.values().next().value!);
  };
  const rememberedCount = () => [...seen.values()].reduce((sum, ids) => sum + ids.size, 0);

  try {
    for (const line of readFileSync(path, "utf8").split("\n")) {
      const space = line.indexOf(" ");
      if (space <= 0) continue;
      remember(line.slice(0, space), line.slice(space + 1));
      lines += 1;
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") {
      options.log.warn(
        { err: error, path },
        "cannot read the seen-message ids; duplicates after this restart may be answered",
      );
    }
  }

  /** Rewrites the file with only the remembered ids (atomically; synchronous, like the appends). */
  const compact = () => {
    const text = [...seen].flatMap(([channel, ids]) => [...ids].map((id) => `${channel} ${id}\n`)).join("");
    writeFileAtomicSync(path, text);
    lines = rememberedCount();
  };

  return {
    name: "dedup",
    admit(message) {
      if (seen.get(message.channel)?.has(message.id)) return { type: "ignore", reason: "duplicate" };
      remember(message.channel, message.id);
      try {
        if (lines === 0) mkdirSync(directory, { recursive: true, mode: 0o700 });
        appendFileSync(path, `${message.channel} ${message.id}\n`, { mode: 0o600 });
        lines += 1;
        if (lines > 2 * Math.max(capacity, rememberedCount())) compact();
      } catch (error) {
        options.log.warn({ err: error, path }, "cannot record a seen-message id; it is remembered until restart only");
      }
      return { type: "admit", message };
    },
  };
}
