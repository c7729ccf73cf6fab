import { readFile } from "node:fs/promises";
import path from "node:path";
import type { SkeinConfig } from "../config/schema.js";

/**
 * Speech to text through an OpenAI-compatible `/audio/transcriptions` endpoint (OpenAI,
 * Groq, a local whisper server): `tools.transcription`, by default the `providers.openai`
 * endpoint and key with model `whisper-1`.
 */

/** What became of one transcription. `not-set-up` names the setting that enables it. */
export type TranscriptionResult =
  | { type: "transcribed"; text: string }
  | { type: "not-set-up"; setting: string }
  | { type: "failed"; reason: string };

/** Transcribes one saved audio file. */
export type Transcriber = (file: string, signal: AbortSignal) => Promise<TranscriptionResult>;

const SETTING = "tools.transcription.api_key (or providers.openai.api_key)";

/** The endpoint a config describes, or undefined when nothing would authorise a call. */
export function transcriptionEndpoint(
  config: Pick<SkeinConfig, "tools" | "providers">,
): { baseURL?: string; apiKey: string; model: string } | undefined {
  const own = config.tools.transcription;
  const openai = config.providers.openai;
  const baseURL = own.base_url ?? openai.base_url;
  const apiKey = own.api_key ?? openai.api_key;
  // A local whisper server named by its own base_url may need no key.
  if (!apiKey && !own.base_url) return undefined;
  return { ...(baseURL ? { baseURL } : {}), apiKey: apiKey ?? "none", model: own.model };
}

/** A {@link Transcriber} for `config`; each call says `not-set-up` when no endpoint is configured or the endpoint refuses us. */
export function createTranscriber(config: Pick<SkeinConfig, "tools" | "providers">): Transcriber {
  const endpoint = transcriptionEndpoint(config);
  // The SDK and its client are made once, on the first voice message.
  let sdk: Promise<{ client: InstanceType<typeof import("openai").default> } & typeof import("openai")> | undefined;
  return async (file, signal) => {
    if (!endpoint) return { type: "not-set-up", setting: SETTING };
    sdk ??= import("openai").then((module) => ({
      ...module,
      client: new module.default({
        apiKey: endpoint.apiKey,
        ...(endpoint.baseURL ? { baseURL: endpoint.baseURL } : {}),
        maxRetries: 1,
        timeout: 120_000,
      }),
    }));
    const { client, toFile, APIError } = await sdk;
    try {
      const name = path.basename(file).replace(/\.oga$/i, ".ogg");
      const upload = await toFile(await readFile(file), name);
      const result = await client.audio.transcriptions.create({ file: upload, model: endpoint.model }, { signal });
      return { type: "transcribed", text: result.text.trim() };
    } catch (error) {
      if (error instanceof APIError && [401, 403, 404].includes(error.status ?? 0))
        return { type: "not-set-up", setting: `tools.transcription (the endpoint answered ${error.status})` };
      return { type: "failed", reason: error instanceof Error ? error.message : String(error) };
    }
  };
}
