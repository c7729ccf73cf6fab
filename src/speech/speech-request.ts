import { type HttpFetch, httpFetch } from "../util/http-fetch.js";

/** One `POST <base>/audio/speech`: the OpenAI-compatible text-to-speech call. */
export interface SpeechRequest {
  /** The provider's base URL (`https://api.openai.com/v1`). */
  baseUrl: string;
  apiKey?: string;
  /** The provider's extra headers. */
  headers?: Record<string, string>;
  model: string;
  voice: string;
  input: string;
  /** The whole call's time limit: the headers and the audio. */
  timeoutMs: number;
  signal?: AbortSignal;
  fetch?: HttpFetch;
}

/** The audio (Ogg Opus, as the endpoint sent it), or why there is none. */
export type SpeechResult = { type: "audio"; audio: Buffer } | { type: "failed"; cause: string };

/** More audio than any reply of `max_chars` (4,096 at most) makes: an endpoint sending this much is broken. */
const MAX_AUDIO_BYTES = 20 * 1024 * 1024;

/**
 * Asks the endpoint for `input` spoken by `voice` as Ogg Opus (`response_format: "opus"`), within
 * `timeoutMs`. One attempt: the reply's text is out already, so a failure costs only the voice.
 * Never throws; a failure says its cause in a few words (the status and the endpoint's message).
 */
export async function requestSpeech(request: SpeechRequest): Promise<SpeechResult> {
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), request.timeoutMs);
  const signal = request.signal ? AbortSignal.any([request.signal, timeout.signal]) : timeout.signal;
  const seconds = Math.round(request.timeoutMs / 100) / 10;
  try {
    const response = await (request.fetch ?? httpFetch)(`${request.baseUrl.replace(/\/+$/, "")}/audio/speech`, {
      method: "POST",
      headers: {
        ...request.headers,
        "content-type": "application/json",
        accept: "application/octet-stream",
        ...(request.apiKey && { authorization: `Bearer ${request.apiKey}` }),
      },
      body: JSON.stringify({
        model: request.model,
        voice: request.voice,
        input: request.input,
        response_format: "opus",
      }),
      signal,
    });
    if (!response.ok) return { type: "failed", cause: `HTTP ${response.status}${await errorMessage(response)}` };
    const type = response.headers.get("content-type") ?? "";
    if (/^(application\/json|text\/)/i.test(type)) {
      await response.text();
      return { type: "failed", cause: `the endpoint answered ${type.split(";")[0]}, not audio` };
    }
    const audio = await readAudio(response.body);
    if (audio === undefined) return { type: "failed", cause: `the audio is larger than ${MAX_AUDIO_BYTES} bytes` };
    if (audio.length === 0) return { type: "failed", cause: "the endpoint answered no audio" };
    return { type: "audio", audio };
  } catch (error) {
    if (timeout.signal.aborted) return { type: "failed", cause: `timed out after ${seconds} s` };
    if (request.signal?.aborted) return { type: "failed", cause: "cancelled (shutting down)" };
    const code = (error as { code?: string }).code;
    return { type: "failed", cause: code ?? (error instanceof Error ? error.message : String(error)) };
  } finally {
    clearTimeout(timer);
  }
}

async function readAudio(body: AsyncIterable<Uint8Array> | null): Promise<Buffer | undefined> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of body ?? []) {
    size += chunk.byteLength;
    if (size > MAX_AUDIO_BYTES) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** `: <the endpoint's error message>` from an OpenAI-style error body, cut short; empty when it has none. */
async function errorMessage(response: { text(): Promise<string> }): Promise<string> {
  const text = await response.text().catch(() => "");
  let message: unknown;
  try {
    message = (JSON.parse(text) as { error?: { message?: unknown } }).error?.message;
  } catch {
    message = text;
  }
  const line = typeof message === "string" ? message.replace(/\s+/g, " ").trim() : "";
  return line ? `: ${line.length > 200 ? `${line.slice(0, 199)}…` : line}` : "";
}
