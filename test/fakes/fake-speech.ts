import type { IncomingMessage, ServerResponse } from "node:http";

/**
 * OpenAI's text-to-speech endpoint, `POST /v1/audio/speech`, as the fake OpenAI server serves it: a
 * JSON body with `model`, `voice`, `input` (at most 4,096 characters) and `response_format` (`mp3`
 * by default; `opus` is Ogg Opus, `audio/ogg`), answered with the audio's bytes. An unknown voice, a
 * missing field or a too long input gets OpenAI's 400 error body. Answers can be scripted (an HTTP
 * error, a hang); every request is recorded.
 */

/** The voices OpenAI's speech models know. */
export const OPENAI_VOICES = [
  "alloy",
  "ash",
  "ballad",
  "coral",
  "echo",
  "fable",
  "onyx",
  "nova",
  "sage",
  "shimmer",
  "verse",
  "marin",
  "cedar",
];

const FORMATS: Record<string, string> = {
  mp3: "audio/mpeg",
  opus: "audio/ogg",
  aac: "audio/aac",
  flac: "audio/flac",
  wav: "audio/wav",
  pcm: "audio/pcm",
};

/** One speech request as the fake received it. */
export interface FakeSpeechRequest {
  model?: string;
  voice?: string;
  input?: string;
  response_format?: string;
  authorization?: string;
  /** The answer it got: the audio's bytes, or the HTTP status of an error (undefined: no answer). */
  answered?: { status: number; audio?: Buffer };
}

/** A scripted answer to the next speech request. */
export type FakeSpeechAnswer = { type: "error"; status: number; message?: string } | { type: "hang" };

export class FakeSpeechEndpoint {
  readonly requests: FakeSpeechRequest[] = [];
  #script: FakeSpeechAnswer[] = [];
  readonly #hanging = new Set<ServerResponse>();
  #listeners = new Set<() => void>();

  /** The audio made for `input` (Ogg Opus's magic, then the text, so each reply's audio is its own). */
  static audioOf(input: string, format = "opus"): Buffer {
    return Buffer.concat([Buffer.from(format === "opus" ? "OggS" : "ID3"), Buffer.from(`\u0000${input}`, "utf8")]);
  }

  /** Queues answers for the next requests, in order (then audio again). */
  script(...answers: FakeSpeechAnswer[]): void {
    this.#script.push(...answers);
  }

  /** Resolves once `count` speech requests have arrived. */
  async arrived(count: number): Promise<void> {
    while (this.requests.length < count) {
      await new Promise<void>((resolve) => {
        const listener = () => {
          this.#listeners.delete(listener);
          resolve();
        };
        this.#listeners.add(listener);
      });
    }
  }

  close(): void {
    for (const response of this.#hanging) response.destroy();
  }

  /** Answers one `POST /v1/audio/speech` whose body is `body`. */
  serve(request: IncomingMessage, body: Buffer, response: ServerResponse): void {
    const authorization = request.headers.authorization;
    let params: Record<string, unknown> = {};
    try {
      params = JSON.parse(body.toString("utf8")) as Record<string, unknown>;
    } catch {
      // An unparsable body is refused below, like one without the fields.
    }
    const recorded: FakeSpeechRequest = {
      ...(typeof params.model === "string" && { model: params.model }),
      ...(typeof params.voice === "string" && { voice: params.voice }),
      ...(typeof params.input === "string" && { input: params.input }),
      ...(typeof params.response_format === "string" && { response_format: params.response_format }),
      ...(authorization && { authorization }),
    };
    this.requests.push(recorded);
    for (const listener of [...this.#listeners]) listener();
    const scripted = this.#script.shift();
    if (scripted?.type === "hang") {
      this.#hanging.add(response);
      response.on("close", () => this.#hanging.delete(response));
      return;
    }
    const format = recorded.response_format ?? "mp3";
    const refusal: Refusal | undefined =
      scripted?.type === "error"
        ? {
            status: scripted.status,
            message: scripted.message ?? "The server had an error while processing your request.",
          }
        : refusalOf(recorded, format);
    if (refusal) {
      recorded.answered = { status: refusal.status };
      response.writeHead(refusal.status, { "content-type": "application/json" });
      const error = { message: refusal.message, type: "invalid_request_error", param: refusal.param ?? null };
      response.end(JSON.stringify({ error }));
      return;
    }
    const audio = FakeSpeechEndpoint.audioOf(recorded.input ?? "", format);
    recorded.answered = { status: 200, audio };
    response.writeHead(200, { "content-type": FORMATS[format]!, "content-length": String(audio.length) });
    response.end(audio);
  }
}

/** An error answer: its HTTP status, OpenAI's message and the parameter it names. */
interface Refusal {
  status: number;
  message: string;
  param?: string;
}

/** What OpenAI answers a request it refuses: missing fields, an unknown voice or format, too long an input. */
function refusalOf(request: FakeSpeechRequest, format: string): Refusal | undefined {
  if (!request.model || !request.input || !request.voice)
    return { status: 400, message: "model, input and voice are required." };
  if (!OPENAI_VOICES.includes(request.voice)) {
    const supported = OPENAI_VOICES.map((voice) => `'${voice}'`).join(", ");
    return {
      status: 400,
      message: `Invalid value: '${request.voice}'. Supported values are: ${supported}.`,
      param: "voice",
    };
  }
  if (request.input.length > 4096)
    return { status: 400, message: "string too long. Expected a string with maximum length 4096.", param: "input" };
  if (!FORMATS[format]) return { status: 400, message: `Invalid value: '${format}'.`, param: "response_format" };
  return undefined;
}
