import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Logger } from "pino";
import type { InboundMessage, MediaAttachment } from "../../bus/messages.js";
import type { DownloadOptions, DownloadResult } from "../../channel-kit/attachment-download.js";
import type { SkeinConfig } from "../../config/schema.js";
import type { UserContentPart } from "../../providers/provider.js";
import { createTranscriber, type TranscriptionResult } from "../../providers/transcription.js";
import { reserveName, type SafeName, safeInboxName, safeSegment } from "../../util/inbox-file-name.js";

/**
 * The attachments of an admitted message, made usable by the model: each one saved to the
 * workspace under `inbox/<channel>/<chat>/<date>-<name>` and described (path, type, size);
 * images also sent as `image_url` parts when vision is on; voice and audio transcribed and
 * given as the sender's words. Files over the size cap are refused with a note to the model
 * and one to the user.
 */

/** Images above this size go to the model as a path note only (no downscaling library here). */
const MAX_IMAGE_PART_BYTES = 5 * 1024 * 1024;

export interface AttachmentOptions {
  workspace: string;
  /** `agents.defaults.max_attachment_bytes`. */
  maxBytes: number;
  /** `agents.defaults.vision`. */
  vision: boolean;
  /** The channel's download handle for this message's attachments (absent: the channel cannot download). */
  fetch?: (attachment: MediaAttachment, options: DownloadOptions) => Promise<DownloadResult>;
  /** Transcribes a saved audio file. */
  transcribe?: (file: string, signal: AbortSignal) => Promise<TranscriptionResult>;
  log: Logger;
  signal: AbortSignal;
}

/** What the turn adds to the user's message. */
export interface ResolvedAttachments {
  /** Lines for the model, after the message text: transcripts as the sender's words, then notes. */
  text: string[];
  /** Image parts (data URLs) for this turn's request only. */
  images: UserContentPart[];
  /** Short notices for the user (a file too large, voice not set up). */
  notices: string[];
}

/** What the daemon gives {@link attachmentResolver}. */
export interface AttachmentResolverOptions {
  workspace: string;
  config: Pick<SkeinConfig, "agents" | "tools" | "providers">;
  /** The download handle of the channel a message came from. */
  fetchFor: (message: InboundMessage) => AttachmentOptions["fetch"];
  log: Logger;
}

/** The turn's `attachments` option: {@link resolveAttachments} with the configured limits, vision and transcription. */
export function attachmentResolver(
  options: AttachmentResolverOptions,
): (message: InboundMessage, signal: AbortSignal) => Promise<ResolvedAttachments> {
  const defaults = options.config.agents.defaults;
  const transcribe = createTranscriber(options.config);
  return (message, signal) => {
    const fetch = options.fetchFor(message);
    return resolveAttachments(message, {
      workspace: options.workspace,
      maxBytes: defaults.max_attachment_bytes,
      vision: defaults.vision,
      ...(fetch ? { fetch } : {}),
      transcribe,
      log: options.log,
      signal,
    });
  };
}

/** Resolves every attachment of `message`, one after another. Never throws. */
export async function resolveAttachments(
  message: InboundMessage,
  options: AttachmentOptions,
): Promise<ResolvedAttachments> {
  const resolved: ResolvedAttachments = { text: [], images: [], notices: [] };
  for (const attachment of message.media ?? []) {
    try {
      await resolveOne(message, attachment, options, resolved);
    } catch (error) {
      options.log.warn({ err: error, channel: message.channel, chatId: message.chatId }, "an attachment failed");
      resolved.text.push(`[${describe(attachment)}: it could not be saved]`);
    }
  }
  return resolved;
}

async function resolveOne(
  message: InboundMessage,
  attachment: MediaAttachment,
  options: AttachmentOptions,
  resolved: ResolvedAttachments,
): Promise<void> {
  const label = describe(attachment);
  if (attachment.size !== undefined && attachment.size > options.maxBytes)
    return tooLarge(attachment, options, resolved);
  if (!options.fetch || !attachment.ref) {
    resolved.text.push(`[${label}: this channel cannot download it]`);
    return;
  }
  const folder = path.join(options.workspace, "inbox", safeSegment(message.channel), safeSegment(message.chatId));
  await mkdir(folder, { recursive: true });
  const destination = await reserve(folder, message, attachment);
  const result = await options.fetch(attachment, { destination, maxBytes: options.maxBytes, signal: options.signal });
  if (result.type !== "saved") {
    await rm(destination, { force: true });
    if (result.type === "too-large") return tooLarge(attachment, options, resolved);
    options.log.warn(
      { channel: message.channel, chatId: message.chatId, reason: result.reason },
      "attachment download failed",
    );
    resolved.text.push(`[${label}: the download failed (${result.reason})]`);
    return;
  }
  const relative = path.relative(options.workspace, result.path).split(path.sep).join("/");
  const mimeType = mimeTypeOf(attachment, result.contentType);
  const note = `[${attachment.kind} saved to ${relative} (${mimeType || "unknown type"}, ${formatSize(result.bytes)})]`;

  if (isAudio(attachment, mimeType)) {
    const transcript = options.transcribe
      ? await options.transcribe(result.path, options.signal)
      : ({ type: "not-set-up", setting: "tools.transcription" } as const);
    if (transcript.type === "transcribed") {
      await writeFile(`${result.path}.txt`, `${transcript.text}\n`);
      resolved.text.push(`[voice message, transcribed]: ${transcript.text}`, note);
      return;
    }
    if (transcript.type === "not-set-up") {
      options.log.warn(
        { setting: transcript.setting },
        `a voice message could not be transcribed: voice is not set up; set ${transcript.setting} (an OpenAI-compatible /audio/transcriptions endpoint)`,
      );
      resolved.notices.push("Voice messages are not set up here, so I cannot listen to yours; please write instead.");
      resolved.text.push(`${note} [voice transcription is not set up; the user was told]`);
      return;
    }
    options.log.warn({ reason: transcript.reason }, "a voice message could not be transcribed");
    resolved.text.push(`${note} [it could not be transcribed: ${transcript.reason}]`);
    return;
  }

  if (isImage(attachment, mimeType) && options.vision) {
    if (result.bytes <= MAX_IMAGE_PART_BYTES) {
      const data = await readFile(result.path);
      resolved.images.push({
        type: "image_url",
        image_url: { url: `data:${mimeType || "image/jpeg"};base64,${data.toString("base64")}` },
      });
      resolved.text.push(`${note} [the image is attached]`);
      return;
    }
    resolved.text.push(`${note} [too large to show you as an image (over ${formatSize(MAX_IMAGE_PART_BYTES)})]`);
    return;
  }
  resolved.text.push(note);
}

function tooLarge(attachment: MediaAttachment, options: AttachmentOptions, resolved: ResolvedAttachments): void {
  const name = attachment.name ? `"${attachment.name}"` : `the ${attachment.kind}`;
  const size = attachment.size === undefined ? "" : ` (${formatSize(attachment.size)})`;
  resolved.text.push(`[${describe(attachment)}: not downloaded, over the ${formatSize(options.maxBytes)} limit]`);
  resolved.notices.push(
    `${capitalise(name)}${size} is over the ${formatSize(options.maxBytes)} limit for files, so I could not open it.`,
  );
}

/**
 * Creates `<date>-<name>` exclusively, so two attachments with one name on one day never
 * overwrite each other (the second is `<date>-<name>-2<extension>`), nor any file already there.
 */
function reserve(folder: string, message: InboundMessage, attachment: MediaAttachment): Promise<string> {
  const date = new Date(message.receivedAt).toISOString().slice(0, 10);
  return reserveName(folder, `${date}-`, fileNameOf(message, attachment));
}

/** The platform's file name made safe, or the kind and the message's id; `.oga` becomes `.ogg` (what transcription services accept). */
function fileNameOf(message: InboundMessage, attachment: MediaAttachment): SafeName {
  const fallback = `${attachment.kind}-${message.id.split(":").at(-1)}${defaultExtension(attachment)}`;
  const name = safeInboxName(attachment.name ?? fallback, fallback);
  return { ...name, extension: name.extension.replace(/^\.oga$/i, ".ogg") };
}

function defaultExtension(attachment: MediaAttachment): string {
  if (attachment.kind === "photo") return ".jpg";
  if (attachment.kind === "voice") return ".ogg";
  const subtype = attachment.mimeType?.split("/")[1]?.replace(/[^a-z0-9]/gi, "");
  return subtype ? `.${subtype}` : "";
}

/** The platform's type; Telegram photos are always JPEG; a server's `application/octet-stream` says nothing. */
function mimeTypeOf(attachment: MediaAttachment, contentType: string | undefined): string {
  if (attachment.mimeType) return attachment.mimeType;
  if (attachment.kind === "photo") return "image/jpeg";
  const served = contentType?.split(";")[0]?.trim() ?? "";
  return served === "application/octet-stream" ? "" : served;
}

function isAudio(attachment: MediaAttachment, mimeType: string): boolean {
  return attachment.kind === "voice" || attachment.kind === "audio" || mimeType.startsWith("audio/");
}

function isImage(attachment: MediaAttachment, mimeType: string): boolean {
  return mimeType.startsWith("image/") && attachment.kind !== "sticker";
}

function describe(attachment: MediaAttachment): string {
  return [attachment.kind, attachment.name].filter(Boolean).join(" ");
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "12 KB", "1.5 MB" */
function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
