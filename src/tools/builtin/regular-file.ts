import { constants, type Stats } from "node:fs";
import { type FileHandle, open, stat } from "node:fs/promises";
import { ToolError } from "../tool.js";

/** What a non-regular file is, for the refusal. */
function kindOf(stats: Stats): string {
  if (stats.isDirectory()) return "a directory";
  if (stats.isFIFO()) return "a FIFO (named pipe)";
  if (stats.isSocket()) return "a socket";
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return "a device";
  return "not a regular file";
}

function refuseUnlessRegular(stats: Stats, shownPath: string): void {
  if (!stats.isFile())
    throw new ToolError("InvalidArgs", `"${shownPath}" is ${kindOf(stats)}: only regular files can be read or written`);
}

/**
 * Opens a file for the file tools, refusing FIFOs, sockets and devices before anything
 * can block: the path is checked with stat, then opened with O_NONBLOCK (a FIFO swapped
 * in meanwhile cannot hold a libuv thread) and checked again on the open handle.
 */
export async function openRegularFile(
  absolute: string,
  shownPath: string,
  mode: "read" | "write",
): Promise<FileHandle> {
  const before = await stat(absolute).catch((error: NodeJS.ErrnoException) => {
    if (mode === "write" && error.code === "ENOENT") return undefined;
    throw error;
  });
  if (before) refuseUnlessRegular(before, shownPath);
  const flags = constants.O_NONBLOCK | (mode === "read" ? constants.O_RDONLY : constants.O_WRONLY | constants.O_CREAT);
  const handle = await open(absolute, flags, 0o644).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENXIO")
      throw new ToolError("InvalidArgs", `"${shownPath}" is a FIFO or socket: only regular files can be written`);
    throw error;
  });
  try {
    refuseUnlessRegular(await handle.stat(), shownPath);
    return handle;
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/** Reads at most `maxBytes` of a regular file: its start, and its whole size. */
export async function readRegularFile(
  absolute: string,
  shownPath: string,
  maxBytes: number,
): Promise<{ bytes: Buffer; size: number }> {
  const handle = await openRegularFile(absolute, shownPath, "read");
  try {
    const { size } = await handle.stat();
    const buffer = Buffer.alloc(Math.min(size, maxBytes));
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return { bytes: buffer.subarray(0, bytesRead), size };
  } finally {
    await handle.close();
  }
}

/** Replaces the content of a regular file (created when missing). */
export async function writeRegularFile(absolute: string, shownPath: string, content: string): Promise<void> {
  const handle = await openRegularFile(absolute, shownPath, "write");
  try {
    await handle.truncate(0);
    await handle.writeFile(content, "utf8");
  } finally {
    await handle.close();
  }
}
