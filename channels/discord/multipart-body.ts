import { extname } from "node:path";

/** A file to upload: its name as Discord shows it, and its bytes. */
export interface UploadFile {
  name: string;
  data: Buffer;
}

/** A request body and the `Content-Type` that goes with it. */
export interface EncodedBody {
  body: Buffer;
  contentType: string;
}

const IMAGE_TYPES: Record<string, string> = {
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
};

/**
 * A message with files as the multipart body Discord takes, as discord.js builds it:
 * `files[n]` parts and the message itself as `payload_json`; encoded to bytes here.
 * Handed a FormData, discord.js's REST client streams it through whichever undici holds the
 * process's global dispatcher; when that is a newer undici than Node's own (another module
 * loaded it first), it does not recognise Node's FormData and fails mid-request ("action is
 * not a function"). Bytes go through any of them.
 */
export async function multipartBody(payload: object, files: readonly UploadFile[]): Promise<EncodedBody> {
  const form = new FormData();
  files.forEach((file, index) => {
    const type = IMAGE_TYPES[extname(file.name).toLowerCase()] ?? "application/octet-stream";
    form.append(`files[${index}]`, new Blob([file.data], { type }), file.name);
  });
  form.append("payload_json", JSON.stringify(payload));
  // Node's Response encodes Node's FormData (the same undici), boundary and all.
  const encoded = new Response(form);
  const contentType = encoded.headers.get("content-type") ?? "";
  return { body: Buffer.from(await encoded.arrayBuffer()), contentType };
}
