import type { CompactionRequest, Compactor } from "../compaction/compactor.js";

/** `/compact` and the context line of `/usage` for one conversation. */
export interface ConversationCommands {
  /** Summarises the older part now (keeping the last `keep_recent` turns); the reply text. */
  compact(focus: string): Promise<string>;
  /** The conversation's context size and last compaction, for `/usage`. */
  describe(): Promise<string>;
}

/** The commands of one conversation, over the compactor and a way to build its next request. */
export function conversationCommands(
  compactor: Pick<Compactor, "compact" | "measure" | "windowOf">,
  request: () => Promise<CompactionRequest>,
  settings: { threshold: number; keep_recent: number },
): ConversationCommands {
  return {
    async compact(focus) {
      const built = await request();
      const before = await compactor.measure(built);
      const result = await compactor.compact(built, {
        reason: "command",
        tokensBefore: before,
        ...(focus && { focus }),
      });
      switch (result.type) {
        case "compacted": {
          const { summary } = result;
          const turns = settings.keep_recent === 1 ? "turn is" : `${settings.keep_recent} turns are`;
          return (
            `Compacted: the earlier conversation is now a summary${focus ? ` (focused on ${focus})` : ""}; ` +
            `the last ${turns} kept as they were. Context: ${tokens(before)} → ${tokens(summary.tokensAfter ?? before)} tokens.`
          );
        }
        case "nothing-to-compact":
          return `Nothing to compact yet: the conversation is no longer than its last ${settings.keep_recent} turns.`;
        case "failed":
          return "Sorry — the summary could not be made just now; the conversation is unchanged. Try again later.";
      }
    },
    async describe() {
      const built = await request();
      const size = await compactor.measure(built);
      const window = compactor.windowOf(built.model);
      const share = ((size / window) * 100).toFixed(1);
      const summary = built.context.summary;
      const last = summary
        ? `last compacted ${summary.at.slice(0, 16).replace("T", " ")} UTC (${summary.covered} messages summarised)`
        : "not compacted yet";
      return (
        `This conversation: ${tokens(size)} tokens of context (${share}% of ${tokens(window)}; ` +
        `compacts at ${Math.round(settings.threshold * 100)}%), ${last}`
      );
    },
  };
}

function tokens(count: number): string {
  return count.toLocaleString("en-US");
}
