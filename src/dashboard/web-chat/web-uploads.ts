import { randomUUID } from "node:crypto";
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { MediaAttachment } from "../../bus/messages.js";
import type { DownloadOptions, DownloadResult } from "../../channel-kit/attachment-download.js";
import { mediaKindOf } from "../../channel-kit/media-kind.js";
import { conversationIdPattern } from "./web-conversations.js";

/** Files waiting for their conversation's next message, at most. */
export const MAX_PENDING_FILES = 10;
/** Sent uploads are kept this long after their message (a turn rerun after a crash copies them again). */
const KEEP_SENT_MS = 86_400_000;

/** An uploaded file, as the browser sent it. */
export interface UploadedFile {
  name: string;
  mimeType?: string;
  data: Uint8Array;
}

/** What became of an upload. */
export type UploadResult =
  | { type: "saved"; name: string; size: number }
  | { type: "too-many"; max: number }
  | { type: "bad-conversation" };

/**
 * Where a cluster keeps the files of recorded messages for every process (the turn may run in
 * another than the one the browser uploaded to), as a platform keeps its attachments.
 */
export interface SharedUploads {
  /** Keeps `data` under `ref` for at least a day. */
  put(ref: string, data: Uint8Array): Promise<void>;
  /** The bytes kept under `ref`, if any. */
  get(ref: string): Promise<Uint8Array | undefined>;
}

interface PendingMeta {
  name: string;
  mime_type?: string;
  size: number;
}

/**
 * The web chat's uploads: a file the operator attaches waits under
 * `$SKEIN_HOME/web-chat/uploads/<conversation>/` and goes with the conversation's next
 * message, as a platform's attachment would (`media` whose `ref` names the file); the agent
 * then saves it to the workspace inbox like any channel's ({@link WebUploads.fetch}).
 */
export class WebUploads {
  readonly #root: string;
  readonly #shared: SharedUploads | undefined;

  /** `shared`: cluster mode, where {@link share} also keeps a message's files for the other processes. */
  constructor(root: string, shared?: SharedUploads) {
    this.#root = root;
    this.#shared = shared;
  }

  /** Keeps `file` for conversation `conversation`'s next message. The caller has checked its size. */
  async save(conversation: string, file: UploadedFile): Promise<UploadResult> {
    if (!conversationIdPattern.test(conversation)) return { type: "bad-conversation" };
    const folder = join(this.#root, conversation);
    await mkdir(folder, { recursive: true, mode: 0o700 });
    if ((await this.#pendingIds(conversation)).length >= MAX_PENDING_FILES)
      return { type: "too-many", max: MAX_PENDING_FILES };
    const id = randomUUID();
    const name = plainFileName(file.name);
    const meta: PendingMeta = { name, size: file.data.byteLength, ...(file.mimeType && { mime_type: file.mimeType }) };
    await writeFile(join(folder, id), file.data, { mode: 0o600 });
    await writeFile(join(folder, `${id}.json`), JSON.stringify(meta), { mode: 0o600 });
    void this.#forgetOldSent(conversation);
    return { type: "saved", name, size: meta.size };
  }

  /** The conversation's waiting files, as attachments of the message that takes them (they wait no more). */
  async take(conversation: string): Promise<MediaAttachment[]> {
    const ids = await this.#pendingIds(conversation);
    if (!ids.length) return [];
    const folder = join(this.#root, conversation);
    await mkdir(join(folder, "sent"), { recursive: true, mode: 0o700 });
    const media: MediaAttachment[] = [];
    for (const id of ids) {
      const meta = await readMeta(join(folder, `${id}.json`));
      if (
        !meta ||
        !(await rename(join(folder, id), join(folder, "sent", id)).then(
          () => true,
          () => false,
        ))
      ) {
        // A torn or foreign entry (a crash mid-upload): dropped, so that it never blocks the conversation.
        await rm(join(folder, id), { force: true });
        await rm(join(folder, `${id}.json`), { force: true });
        continue;
      }
      await rm(join(folder, `${id}.json`), { force: true });
      media.push({
        kind: mediaKindOf(meta.mime_type),
        name: meta.name,
        size: meta.size,
        ...(meta.mime_type && { mimeType: meta.mime_type }),
        ref: `${conversation}/sent/${id}`,
      });
    }
    return media;
  }

  /** Cluster mode: keeps taken files where every process can fetch them (before their message is recorded). */
  async share(media: readonly MediaAttachment[]): Promise<void> {
    if (!this.#shared) return;
    for (const attachment of media) {
      const source = this.#sentPath(attachment);
      if (source) await this.#shared.put(attachment.ref!, await readFile(source));
    }
  }

  /** Makes taken files wait again (their message could not be recorded). */
  async putBack(media: readonly MediaAttachment[]): Promise<void> {
    for (const attachment of media) {
      const [conversation, , id] = (attachment.ref ?? "").split("/");
      if (!conversation || !isUuid(id)) continue;
      const folder = join(this.#root, conversation);
      const meta: PendingMeta = {
        name: attachment.name ?? "file",
        size: attachment.size ?? 0,
        ...(attachment.mimeType && { mime_type: attachment.mimeType }),
      };
      await rename(join(folder, "sent", id), join(folder, id));
      await writeFile(join(folder, `${id}.json`), JSON.stringify(meta), { mode: 0o600 });
    }
  }

  /** Copies an attachment's file to `options.destination` (the inbox), within `options.maxBytes`. */
  async fetch(attachment: MediaAttachment, options: DownloadOptions): Promise<DownloadResult> {
    const source = this.#sentPath(attachment);
    if (!source) return { type: "failed", reason: "not an upload of this chat" };
    const saved = (bytes: number): DownloadResult => ({
      type: "saved",
      path: options.destination,
      bytes,
      ...(attachment.mimeType && { contentType: attachment.mimeType }),
    });
    try {
      const { size } = await stat(source);
      if (size > options.maxBytes) return { type: "too-large", maxBytes: options.maxBytes, declaredBytes: size };
      await copyFile(source, options.destination);
      return saved(size);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== "ENOENT") return { type: "failed", reason: `it could not be copied (${code})` };
    }
    // Uploaded to another process of the cluster: its copy in the shared state.
    const data = await this.#shared?.get(attachment.ref!).catch(() => undefined);
    if (!data) return { type: "failed", reason: "the upload is gone" };
    if (data.byteLength > options.maxBytes)
      return { type: "too-large", maxBytes: options.maxBytes, declaredBytes: data.byteLength };
    try {
      await writeFile(options.destination, data, { mode: 0o600 });
      return saved(data.byteLength);
    } catch (error) {
      return { type: "failed", reason: `it could not be copied (${(error as NodeJS.ErrnoException).code})` };
    }
  }

  /** Where a taken upload's file is (undefined for a ref that is not one of this chat's). */
  #sentPath(attachment: MediaAttachment): string | undefined {
    const [conversation, sent, id] = (attachment.ref ?? "").split("/");
    if (!conversation || !conversationIdPattern.test(conversation) || sent !== "sent" || !isUuid(id)) return undefined;
    return join(this.#root, conversation, "sent", id);
  }

  async #pendingIds(conversation: string): Promise<string[]> {
    const names = await readdir(join(this.#root, conversation)).catch(() => [] as string[]);
    return names
      .filter((name) => name.endsWith(".json") && isUuid(name.slice(0, -5)))
      .map((name) => name.slice(0, -5))
      .sort();
  }

  async #forgetOldSent(conversation: string): Promise<void> {
    const folder = join(this.#root, conversation, "sent");
    const names = await readdir(folder).catch(() => [] as string[]);
    for (const name of names) {
      const file = join(folder, name);
      const old = await stat(file).then(
        (info) => Date.now() - info.mtimeMs > KEEP_SENT_MS,
        () => false,
      );
      if (old) await rm(file, { force: true }).catch(() => undefined);
    }
  }
}

async function readMeta(path: string): Promise<PendingMeta | undefined> {
  try {
    const meta = JSON.parse(await readFile(path, "utf8")) as Partial<PendingMeta>;
    if (typeof meta.name !== "string" || typeof meta.size !== "number") return undefined;
    return {
      name: meta.name,
      size: meta.size,
      ...(typeof meta.mime_type === "string" && { mime_type: meta.mime_type }),
    };
  } catch {
    return undefined;
  }
}

function isUuid(text: string | undefined): text is string {
  return text !== undefined && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(text);
}

/**
 * A browser's file name as a plain name: its last path segment, without control or
 * invisible characters, at most 200 characters (the inbox makes it a safe path segment).
 */
export function plainFileName(name: string): string {
  const last = name.split(/[/\\]/).at(-1) ?? "";
  const plain = last
    .replace(/[\p{Cc}\p{Cf}]/gu, "")
    .trim()
    .slice(0, 200);
  return plain === "" || plain === "." || plain === ".." ? "file" : plain;
}
