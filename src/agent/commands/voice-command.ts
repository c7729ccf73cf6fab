import type { InboundMessage } from "../../bus/messages.js";
import { modeIn, type SpeechMode, type VoiceChoice } from "../../speech/index.js";
import type { SessionSettingsStore } from "../sessions/session-settings.js";

/** What `/voice` works with. */
export interface VoiceCommandDeps {
  settings: SessionSettingsStore;
  /** Whether this sender may change the conversation's settings (as for `/model`). */
  mayConfigure: (message: InboundMessage) => boolean | Promise<boolean>;
  /** The agent's `tts.mode`; absent, spoken replies do not exist here. */
  mode?: SpeechMode;
  /** Whether a channel sends voice notes (spoken replies go only there). */
  voiceNotes: (channel: string) => boolean;
}

const USAGE = "Write /voice on or /voice off (/voice default goes back to the default); /voice alone says how it is.";

/** How spoken replies are in a chat, in one sentence. */
function stateOf(mode: SpeechMode): string {
  if (mode === "always")
    return "Spoken replies are on in this chat: every reply comes as a voice note too, after its text.";
  if (mode === "inbound")
    return "Spoken replies: a reply to a voice message comes as a voice note too, after its text.";
  return "Spoken replies are off in this chat: replies come as text.";
}

/**
 * `/voice`: says whether replies are spoken in this chat; `/voice on` speaks every reply, `/voice off`
 * none, `/voice default` goes back to the agent's `tts.mode`. Kept per conversation, like `/model`.
 */
export async function voiceCommand(
  argument: string,
  sessionKey: string,
  message: InboundMessage,
  deps: VoiceCommandDeps,
): Promise<string> {
  const { mode } = deps;
  if (mode === undefined || !deps.voiceNotes(message.channel)) return "Spoken replies are not available in this chat.";
  const settings = await deps.settings.get(sessionKey);
  const wanted = argument.toLowerCase();
  if (!wanted) {
    const state = stateOf(modeIn(mode, settings.voice));
    return settings.voice
      ? `${state}\n/voice default goes back to the default.`
      : `${state} (the default here)\n${USAGE}`;
  }
  if (wanted !== "on" && wanted !== "off" && wanted !== "default") return USAGE;
  if (!(await deps.mayConfigure(message))) return "Sorry — only allowed senders can switch spoken replies here.";
  const voice: VoiceChoice | undefined = wanted === "default" ? undefined : wanted;
  await deps.settings.set(sessionKey, { ...settings, voice });
  if (voice === "on") return `${stateOf("always")} /voice off stops them.`;
  if (voice === "off") return "Spoken replies are off in this chat. /voice on starts them again.";
  return `This chat follows the default again. ${stateOf(mode)}`;
}
