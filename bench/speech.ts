import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { configSchema } from "../src/config/schema.js";
import type { ChatResponse, LlmProvider } from "../src/providers/provider.js";
import { createSpeech, type SpeechMode } from "../src/speech/index.js";
import { spokenText } from "../src/speech/spoken-text.js";
import { HttpResponse } from "../src/util/http-fetch.js";
import { median, p99, timedLoopTurns } from "./agents.js";

/**
 * `npm run bench -- --speech`: what spoken replies cost a turn. Whole turns through the agent loop
 * with an instant model, one at a time: without speech, with `tts.mode: off` (the decision only,
 * per turn), and with every reply spoken to an in-process endpoint (the Markdown read out, the audio
 * written to a temporary file and handed to the channel). Also the Markdown-to-speech conversion of a
 * 1,500-character reply. Target: no measurable difference between "none" and "off".
 * `--quick` runs a few turns only (a smoke run).
 */

const REPLY = [
  "## The plan",
  "First **check** the build at https://ci.example.com/runs/42, then:",
  "",
  "| step | time |",
  "|---|---|",
  "| test | 3 min |",
  "",
  "- run `npm test`",
  "- ship it",
].join("\n");

class InstantProvider implements LlmProvider {
  readonly name = "instant";
  async chat(): Promise<ChatResponse> {
    return { content: REPLY, toolCalls: [], finishReason: "stop" };
  }
}

/** An endpoint that answers every speech call at once with a few bytes of "Ogg". */
const instantSpeech = async () =>
  new HttpResponse(
    200,
    "OK",
    ["content-type", "audio/ogg"],
    (async function* () {
      yield Buffer.from("OggS");
    })(),
    "",
  );

function turns(home: string, mode: SpeechMode | undefined, measured: number) {
  const { tts, providers } = configSchema.parse({ tts: { mode: mode ?? "off" } });
  const speech = mode && createSpeech({ settings: tts, provider: providers.openai, fetch: instantSpeech });
  return timedLoopTurns(home, new InstantProvider(), speech ? { speech, voiceNotes: () => true } : {}, measured);
}

export async function speechBench(home: string, quick = false): Promise<void> {
  const measured = quick ? 50 : 2_000;
  const long = Array.from({ length: 12 }, () => REPLY)
    .join("\n\n")
    .slice(0, 1_500);
  const rounds = quick ? 100 : 5_000;
  spokenText(long);
  const started = performance.now();
  for (let round = 0; round < rounds; round++) spokenText(long);
  console.log(
    `markdown read out:   ${(((performance.now() - started) / rounds) * 1000).toFixed(0)} µs per 1,500-character reply`,
  );
  const fmt = (result: { wall: number[]; cpuUs: number }) =>
    `p50 ${median(result.wall).toFixed(3)} ms, p99 ${p99(result.wall).toFixed(3)} ms, CPU ${result.cpuUs.toFixed(0)} µs/turn`;
  for (const round of [0, 1]) {
    console.log(`round ${round + 1}, ${measured} turns each:`);
    console.log(`  no speech:         ${fmt(await turns(join(home, `none-${round}`), undefined, measured))}`);
    console.log(
      `  tts.mode off:      ${fmt(await turns(join(home, `off-${round}`), "off", measured))}   [target: as no speech]`,
    );
    console.log(`  every reply spoken: ${fmt(await turns(join(home, `always-${round}`), "always", measured))}`);
  }
}
