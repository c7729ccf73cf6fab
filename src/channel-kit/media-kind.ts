import type { MediaAttachment } from "../bus/messages.js";

/**
 * What kind of attachment a file is, from its MIME type, for platforms that send files with
 * a type rather than as photo, voice and so on (Slack, Discord). Only the platform's own
 * mark tells a recorded voice message from another audio file: the caller checks it.
 */
export function mediaKindOf(
  mimeType: string | undefined,
): Extract<MediaAttachment["kind"], "photo" | "audio" | "video" | "document"> {
  const type = mimeType ?? "";
  if (type.startsWith("image/")) return "photo";
  if (type.startsWith("audio/")) return "audio";
  if (type.startsWith("video/")) return "video";
  return "document";
}
