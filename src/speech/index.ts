/**
 * Spoken replies (text to speech), a room the agent reaches through this file only. It decides
 * whether a reply is spoken (the agent's `tts.mode`, the chat's `/voice` choice, whether the message
 * was a voice note), turns a reply's Markdown into the text read out (spoken-text.ts) and asks a
 * provider's OpenAI-compatible `/audio/speech` for Ogg Opus audio (speech-request.ts), which the
 * agent sends as it came. Both are imported on the first reply spoken, never before: with `tts` off
 * and no chat's `/voice on`, a turn costs nothing here. It imports only the config's types, the
 * bus's message types and util.
 */
import type { InboundMessage } from "../bus/messages.js";
import type { ModelProviderConfig } from "../config/schema.js";
import type { TtsConfig } from "../config/speech-schema.js";
import type { HttpFetch } from "../util/http-fetch.js";

/** `tts.mode`. */
export type SpeechMode = TtsConfig["mode"];

/** A chat's `/voice on` (every reply spoken) or `/voice off` (none); absent, the agent's mode holds. */
export type VoiceChoice = "on" | "off";

/** Where a provider's base URL is not set: OpenAI's. */
const OPENAI_BASE_URL = "https://api.openai.com/v1";

/** The longest a speech call may take, whatever the provider's `timeout` says (the voice follows the text). */
const MAX_TIMEOUT_SECONDS = 30;

/** The mode that holds in a chat: its `/voice` choice, else the agent's. */
export function modeIn(mode: SpeechMode, choice: VoiceChoice | undefined): SpeechMode {
  return choice === "on" ? "always" : choice === "off" ? "off" : mode;
}

/** Whether a message is a voice note (recorded as one on its platform). */
export function isVoiceNote(message: Pick<InboundMessage, "media">): boolean {
  return message.media?.some((attachment) => attachment.kind === "voice") ?? false;
}

/** Whether the reply to `message` is spoken, under `mode` and the chat's choice. */
export function speaksTo(mode: SpeechMode, choice: VoiceChoice | undefined, message: Pick<InboundMessage, "media">) {
  const holding = modeIn(mode, choice);
  return holding === "always" || (holding === "inbound" && isVoiceNote(message));
}

/** What of a reply is read out: its speech text, or why nothing is. */
export type SpokenInput =
  | { type: "spoken"; input: string }
  /** Longer than `max_chars`: the reply goes out as text only. */
  | { type: "too-long"; characters: number; limit: number }
  /** Nothing to read (only code, say). */
  | { type: "silent" };

/** What one speech call cost: the characters read out, by whom (for usage and prices). */
export interface SpokenUsage {
  provider: string;
  model: string;
  characters: number;
}

/** The audio of a reply (Ogg Opus, byte for byte as the endpoint sent it), or why there is none. */
export type Synthesis = { type: "audio"; audio: Buffer; usage: SpokenUsage } | { type: "failed"; cause: string };

/** One agent's speech: its `tts` settings at work. */
export interface Speech {
  /** The agent's `tts.mode` (a chat's `/voice` may override it). */
  readonly mode: SpeechMode;
  /** What is read out of a reply: without markup, secrets redacted, at most `max_chars` or nothing. */
  spokenInput(reply: string): Promise<SpokenInput>;
  /** Makes the audio of a spoken input (one call, at most the provider's `timeout`, capped at 30 s). Never throws. */
  synthesize(input: string, signal?: AbortSignal): Promise<Synthesis>;
}

export interface SpeechOptions {
  /** The agent's `tts` (its own keys over the top level's). */
  settings: TtsConfig;
  /** `providers.<tts.provider>`: base URL, key, headers and timeout of the speech calls. */
  provider: Pick<ModelProviderConfig, "api_key" | "base_url" | "timeout" | "headers">;
  /** Takes secrets out of what is read out, as out of every text sent. */
  redact?: (text: string) => string;
  /** How the call is sent (default the lean node:http client); injectable for tests. */
  fetch?: HttpFetch;
}

/** An agent's {@link Speech}; nothing is loaded until a reply is spoken. */
export function createSpeech(options: SpeechOptions): Speech {
  const { settings, provider } = options;
  return {
    mode: settings.mode,
    async spokenInput(reply) {
      const { spokenText } = await import("./spoken-text.js");
      const input = spokenText(options.redact ? options.redact(reply) : reply);
      if (input === "") return { type: "silent" };
      if (input.length > settings.max_chars)
        return { type: "too-long", characters: input.length, limit: settings.max_chars };
      return { type: "spoken", input };
    },
    async synthesize(input, signal) {
      const { requestSpeech } = await import("./speech-request.js");
      const result = await requestSpeech({
        baseUrl: provider.base_url ?? OPENAI_BASE_URL,
        ...(provider.api_key && { apiKey: provider.api_key }),
        headers: provider.headers,
        model: settings.model,
        voice: settings.voice,
        input,
        timeoutMs: Math.min(provider.timeout, MAX_TIMEOUT_SECONDS) * 1000,
        ...(signal && { signal }),
        ...(options.fetch && { fetch: options.fetch }),
      });
      if (result.type === "failed") return result;
      const usage = { provider: settings.provider, model: settings.model, characters: input.length };
      return { type: "audio", audio: result.audio, usage };
    },
  };
}
