import * as z from "zod";

/**
 * `tts`: spoken replies (text to speech), at the top level and per agent (`agents.list[].tts`,
 * key by key over the top level). See src/speech/ and docs/agent.md.
 */
export const ttsSchema = z.object({
  /** `inbound`: a reply to a voice message is spoken too; `always`: every reply; `off`: none (a chat's `/voice` wins). */
  mode: z.enum(["off", "inbound", "always"]).default("off"),
  /** The `providers.<name>` whose `/audio/speech` makes the audio (its base URL, key, headers and timeout). */
  provider: z.string().min(1).default("openai"),
  model: z.string().min(1).default("gpt-4o-mini-tts"),
  voice: z.string().min(1).default("alloy"),
  /** A reply whose spoken text is longer is sent as text only (OpenAI reads at most 4,096 characters). */
  max_chars: z.number().int().min(1).max(4096).default(1500),
});

/** `tts` with its defaults filled in. */
export type TtsConfig = z.output<typeof ttsSchema>;

/** The parts of a parsed config that name the speech providers. */
interface SpeechReferences {
  tts: { provider: string };
  providers: Record<string, unknown>;
  agents: { list?: Array<{ tts?: { provider?: string } }> };
}

/** Refuses a `tts.provider` (top level or an agent's) that names no `providers.<name>`. */
export function checkSpeechProviders(config: SpeechReferences, context: z.RefinementCtx): void {
  const known = Object.keys(config.providers);
  const check = (provider: string | undefined, path: PropertyKey[]) => {
    if (provider !== undefined && !known.includes(provider))
      context.addIssue({
        code: "custom",
        path,
        message: `no provider "${provider}" in providers (${known.join(", ")})`,
      });
  };
  check(config.tts.provider, ["tts", "provider"]);
  config.agents.list?.forEach((agent, index) => {
    check(agent.tts?.provider, ["agents", "list", index, "tts", "provider"]);
  });
}
