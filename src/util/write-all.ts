import type { FileHandle } from "node:fs/promises";

/**
 * Writes the whole buffer: a write may store only part of it (a disk that fills up meanwhile), and
 * the next one then fails with the cause (`ENOSPC`), instead of the rest being lost without a word.
 */
export async function writeAll(file: FileHandle, buffer: Buffer): Promise<void> {
  let offset = 0;
  while (offset < buffer.length) {
    const { bytesWritten } = await file.write(buffer, offset, buffer.length - offset);
    offset += bytesWritten;
  }
}
