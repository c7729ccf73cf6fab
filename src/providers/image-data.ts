/** Images as the history carries them (data URLs) and as the native APIs want them (base64 and a media type). */

/** The media type and base64 data of a `data:<type>;base64,<data>` URL; undefined for any other URL. */
export function parseDataUrl(url: string): { mediaType: string; data: string } | undefined {
  const match = /^data:([^;,]*);base64,/.exec(url);
  if (!match) return undefined;
  return { mediaType: match[1] ?? "", data: url.slice(match[0].length) };
}

/** Leading bytes of the image formats the model APIs take. */
const signatures: Array<{ mediaType: string; test: (bytes: Buffer) => boolean }> = [
  { mediaType: "image/png", test: (bytes) => bytes.subarray(0, 4).toString("hex") === "89504e47" },
  { mediaType: "image/jpeg", test: (bytes) => bytes.subarray(0, 3).toString("hex") === "ffd8ff" },
  { mediaType: "image/gif", test: (bytes) => bytes.subarray(0, 4).toString("latin1") === "GIF8" },
  {
    mediaType: "image/webp",
    test: (bytes) =>
      bytes.subarray(0, 4).toString("latin1") === "RIFF" && bytes.subarray(8, 12).toString("latin1") === "WEBP",
  },
];

/**
 * The true media type of base64 image data, read from its first bytes (a platform may call a PNG
 * a JPEG, and Anthropic refuses an image whose bytes do not match its type); `declared` when the
 * bytes are of no known format.
 */
export function imageMediaType(base64: string, declared: string): string {
  const bytes = Buffer.from(base64.slice(0, 16), "base64");
  return signatures.find((signature) => signature.test(bytes))?.mediaType ?? declared;
}
