import type { ServerResponse } from "node:http";
import { fail, ok } from "./telegram-wire.js";

/** A file users sent, served by getFile and the file route. */
interface ServedFile {
  file_path: string;
  bytes: Buffer;
  /** Answer the download with a 302 to this URL instead. */
  redirectTo?: string;
}

/** The fake Telegram's user files: added by tests, described by getFile, downloaded from the file route. */
export class TelegramFiles {
  readonly #files = new Map<string, ServedFile>();
  #nextFileId = 1;

  /** A file at `path` (default `documents/<id>`), or redirecting to `redirectTo`: its id and size. */
  add(
    bytes: Buffer,
    options: { path?: string; redirectTo?: string } = {},
  ): { file_id: string; file_unique_id: string; file_size: number } {
    const file_id = `file-${this.#nextFileId++}`;
    this.#files.set(file_id, {
      file_path: options.path ?? `documents/${file_id}`,
      bytes,
      ...(options.redirectTo ? { redirectTo: options.redirectTo } : {}),
    });
    return { file_id, file_unique_id: `unique-${file_id}`, file_size: bytes.length };
  }

  /** getFile: the file's path and size; an unknown id, or a file over 20 MB (the cloud Bot API's limit), refused. */
  getFile(response: ServerResponse, payload: Record<string, unknown>): void {
    const fileId = String(payload.file_id ?? "");
    const file = this.#files.get(fileId);
    if (!file) {
      fail(response, 400, "Bad Request: invalid file_id");
      return;
    }
    if (file.bytes.length > 20 * 1024 * 1024) {
      fail(response, 400, "Bad Request: file is too big");
      return;
    }
    ok(response, {
      file_id: fileId,
      file_unique_id: `unique-${fileId}`,
      file_size: file.bytes.length,
      file_path: file.file_path,
    });
  }

  /**
   * The file route: the file at `filePath` in 64 KiB pieces, so that a client that stops reading stops
   * the transfer (each piece written reported to `onWritten`), a 302 for a redirecting file, else 404.
   */
  serve(response: ServerResponse, filePath: string, onWritten: (bytes: number) => void): void {
    const file = [...this.#files.values()].find((candidate) => candidate.file_path === filePath);
    if (!file) {
      response.writeHead(404).end();
      return;
    }
    if (file.redirectTo) {
      response.writeHead(302, { location: file.redirectTo }).end();
      return;
    }
    response.writeHead(200, { "content-type": "application/octet-stream", "content-length": file.bytes.length });
    const pieces = Array.from({ length: Math.ceil(file.bytes.length / 65_536) }, (_, index) =>
      file.bytes.subarray(index * 65_536, (index + 1) * 65_536),
    );
    const writeNext = (): void => {
      const piece = pieces.shift();
      if (!piece || response.destroyed) {
        response.end();
        return;
      }
      onWritten(piece.length);
      if (response.write(piece)) setImmediate(writeNext);
      else response.once("drain", writeNext);
    };
    writeNext();
  }
}
