import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { JournalEntry } from "../../bus/journal.js";
import type { InboundMessage, OutboundMessage } from "../../bus/messages.js";
import { speaksTo } from "../../speech/index.js";
import { errorText, replyTargetOf } from "./chat-replies.js";
import { isJournaled } from "./triggered-turn.js";
import type { TurnRunnerOptions } from "./turn-contract.js";

/**
 * A spoken reply (`tts`) fits the journal as one more reply of the turn: after the answer's text,
 * a reply with empty text whose `speech` is what is read out. The text goes out first, exactly as
 * without speech (streamed or not); then the audio is made and sent as a voice note, and journaled
 * as that reply's one chunk. A crash before the voice went out makes it again after the restart
 * (the text, journaled chunk by chunk, is not sent again); a voice sent is never sent again.
 */

/** The file name a voice note is sent under. */
const VOICE_FILE = "voice-reply.ogg";

/**
 * The spoken reply of an answer, to be journaled after its text; undefined when it is not spoken:
 * no speech here, a channel without voice notes, the mode (the chat's `/voice` over the agent's
 * `tts.mode`) says no, nothing to read out, or more than `tts.max_chars` (logged). Never throws.
 */
export async function spokenReplyOf(
  options: Pick<TurnRunnerOptions, "speech" | "log">,
  sessionKey: string,
  message: InboundMessage,
  answer: string,
): Promise<OutboundMessage | undefined> {
  const { speech: turnSpeech, log } = options;
  if (!turnSpeech?.voiceNotes(message.channel)) return undefined;
  try {
    const choice = await turnSpeech.choiceOf(sessionKey, message);
    if (!speaksTo(turnSpeech.speech.mode, choice, message)) return undefined;
    const spoken = await turnSpeech.speech.spokenInput(answer);
    if (spoken.type === "too-long")
      log.info(
        { session: sessionKey, characters: spoken.characters, limit: spoken.limit },
        "the reply is longer than tts.max_chars: sent as text only, not spoken",
      );
    if (spoken.type !== "spoken") return undefined;
    return { ...replyTargetOf(message), text: "", speech: spoken.input };
  } catch (error) {
    log.warn({ session: sessionKey, err: error }, `speech (tts) skipped: ${errorText(error)}`);
    return undefined;
  }
}

/** How delivering a spoken reply ended. `stopped`: the shutdown cut it short; it is made after the next start. */
export type SpokenDelivery = "sent" | "failed" | "stopped";

/**
 * Makes the audio of reply `index` of the entry (a spoken reply to `message`, the entry's message as
 * its agent handles it) and sends it to the chat as a voice note, byte for byte as the endpoint made
 * it; once the platform holds it, the reply is journaled as delivered. A speech failure (an HTTP error, a timeout, a voice the endpoint does not know) logs one
 * warning naming speech (tts) and its cause: the reply's text is out already. Never throws.
 */
export async function deliverSpoken(
  options: Pick<TurnRunnerOptions, "speech" | "replies" | "log">,
  entry: JournalEntry,
  message: InboundMessage,
  index: number,
  reply: OutboundMessage,
  shutdown?: AbortSignal,
): Promise<SpokenDelivery> {
  const { speech: input, ...target } = reply;
  const where = { channel: reply.channel, chatId: reply.chatId };
  if (input === undefined || !options.speech) return "failed";
  const made = await options.speech.speech.synthesize(input, shutdown);
  if (made.type === "failed") {
    if (shutdown?.aborted && isJournaled(message)) return "stopped";
    options.log.warn(
      { ...where, cause: made.cause },
      `speech (tts) failed: ${made.cause}; the reply went out as text only`,
    );
    return "failed";
  }
  options.speech.onSpoken?.(message, made.usage);
  let folder: string | undefined;
  try {
    folder = await mkdtemp(join(tmpdir(), "skein-voice-"));
    const path = join(folder, VOICE_FILE);
    await writeFile(path, made.audio, { mode: 0o600 });
    const voice = { path, name: VOICE_FILE, size: made.audio.length, isImage: false, voice: true };
    const delivery = await options.replies.deliver({ ...target, text: "", attachments: [voice] });
    if (delivery.type === "failed") return "failed";
    await entry.delivered(index, 0);
    return "sent";
  } catch (error) {
    options.log.warn({ ...where, err: error }, `the voice note could not be sent: ${errorText(error)}`);
    return "failed";
  } finally {
    if (folder) await rm(folder, { recursive: true, force: true });
  }
}
