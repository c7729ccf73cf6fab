/** A file part of an upload, as the fake Discord received it. */
export interface UploadedFile {
  field: string;
  name: string;
  bytes: Buffer;
}

/** What Discord made of a multipart message post: the message and its files, or the error it answers. */
export type ParsedUpload =
  | { type: "message"; body: { content?: string; [key: string]: unknown }; files: UploadedFile[] }
  | { type: "error"; status: number; body: { message: string; code: number; errors?: unknown } };

/** The largest file a bot may upload to a server without boosts. */
const FILE_LIMIT = 10 * 1024 * 1024;

const invalid = (where: string, message: string): ParsedUpload => ({
  type: "error",
  status: 400,
  body: { message: "Invalid Form Body", code: 50035, errors: { [where]: { _errors: [{ code: "INVALID", message }] } } },
});

/**
 * Reads a `multipart/form-data` message post as Discord does: the message as JSON in
 * `payload_json`, the files as `files[n]` parts with a filename, each `attachments[].id`
 * in the payload naming an uploaded `files[n]`, and a message with neither text nor files refused.
 */
export async function parseDiscordUpload(raw: Buffer, contentType: string): Promise<ParsedUpload> {
  let form: FormData;
  try {
    form = await new Response(raw, { headers: { "content-type": contentType } }).formData();
  } catch (error) {
    return invalid("_form", `not a multipart body: ${(error as Error).message}`);
  }
  let body: { content?: string; attachments?: Array<{ id: number | string }>; [key: string]: unknown } = {};
  const payload = form.get("payload_json");
  if (payload !== null) {
    try {
      body = JSON.parse(String(payload)) as typeof body;
    } catch {
      return invalid("payload_json", "payload_json is not valid JSON");
    }
  }
  const files: UploadedFile[] = [];
  for (const [field, value] of form.entries()) {
    if (!/^files\[\d+\]$/.test(field)) continue;
    if (typeof value === "string" || !value.name) return invalid(field, "a file part needs a filename");
    files.push({ field, name: value.name, bytes: Buffer.from(await value.arrayBuffer()) });
  }
  for (const attachment of body.attachments ?? [])
    if (!files.some((file) => file.field === `files[${attachment.id}]`))
      return invalid("attachments", `attachment ${attachment.id} has no files[${attachment.id}] part`);
  if (files.length === 0 && !body.content)
    return { type: "error", status: 400, body: { message: "Cannot send an empty message", code: 50006 } };
  if (files.some((file) => file.bytes.length > FILE_LIMIT))
    return { type: "error", status: 413, body: { message: "Request entity too large", code: 40005 } };
  return { type: "message", body, files };
}
