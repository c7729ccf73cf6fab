import { createWriteStream } from "node:fs";
import { mkdir } from "node:fs/promises";
import { dirname, join, normalize, sep } from "node:path";
import { pipeline } from "node:stream/promises";

/** What an archive may hold: at most this many entries and bytes (unpacked). */
export interface ExtractLimits {
  maxFiles: number;
  maxBytes: number;
}

export const DEFAULT_LIMITS: ExtractLimits = { maxFiles: 1000, maxBytes: 50 * 1024 * 1024 };

/** Why an archive is refused (nothing of it is kept). */
export class UnsafeArchive extends Error {
  override readonly name = "UnsafeArchive";
}

/**
 * The path an entry is written to inside `target`, or a refusal: absolute paths, `..`
 * segments and drive letters would write outside the target (zip-slip).
 */
function entryPath(target: string, name: string): string {
  const clean = name.replaceAll("\\", "/");
  if (clean.startsWith("/") || /^[a-zA-Z]:/.test(clean) || clean.split("/").includes(".."))
    throw new UnsafeArchive(`the entry "${name}" would be written outside the skill's folder`);
  const path = normalize(join(target, clean));
  if (path !== target && !path.startsWith(target + sep))
    throw new UnsafeArchive(`the entry "${name}" would be written outside the skill's folder`);
  return path;
}

/**
 * Extracts a `.tar.gz` into `target` (an empty folder): regular files and folders only, every
 * path inside the target; links, devices and fifos, an entry outside, or more than the limits
 * refuse the whole archive before anything is written.
 */
export async function extractTar(file: string, target: string, limits = DEFAULT_LIMITS): Promise<void> {
  const tar = await import("tar");
  let files = 0;
  let bytes = 0;
  let refusal: UnsafeArchive | undefined;
  const refuse = (reason: string) => {
    refusal ??= new UnsafeArchive(reason);
  };
  await tar.t({
    file,
    onReadEntry: (entry) => {
      try {
        entryPath(target, entry.path);
      } catch (error) {
        refuse((error as Error).message);
      }
      if (entry.type !== "File" && entry.type !== "OldFile" && entry.type !== "Directory")
        refuse(`the entry "${entry.path}" is a ${entry.type}: only files and folders are accepted`);
      if (++files > limits.maxFiles) refuse(`more than ${limits.maxFiles} entries`);
      bytes += entry.size ?? 0;
      if (bytes > limits.maxBytes) refuse(`more than ${limits.maxBytes / 1024 / 1024} MB unpacked`);
      entry.resume();
    },
  });
  if (refusal) throw refusal;
  await tar.x({ file, cwd: target, strict: true, preserveOwner: false, noChmod: false });
}

/**
 * Extracts a `.zip` into `target` (an empty folder) on the same terms as {@link extractTar};
 * sizes are checked against the entries' headers and again while writing.
 */
export async function extractZip(file: string, target: string, limits = DEFAULT_LIMITS): Promise<void> {
  const yauzl = await import("yauzl");
  const zip = await new Promise<import("yauzl").ZipFile>((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, autoClose: false, validateEntrySizes: true }, (error, opened) =>
      error ? reject(error) : resolve(opened),
    ),
  );
  try {
    const entries: import("yauzl").Entry[] = [];
    let bytes = 0;
    await new Promise<void>((resolve, reject) => {
      zip.on("entry", (entry: import("yauzl").Entry) => {
        entries.push(entry);
        zip.readEntry();
      });
      zip.on("end", resolve);
      zip.on("error", (error: Error) =>
        reject(/relative path|absolute path/.test(error.message) ? new UnsafeArchive(error.message) : error),
      );
      zip.readEntry();
    });
    for (const entry of entries) {
      entryPath(target, entry.fileName);
      const mode = (entry.externalFileAttributes >>> 16) & 0o170000;
      const isDirectory = entry.fileName.endsWith("/");
      if (mode !== 0 && mode !== 0o100000 && !(isDirectory && mode === 0o040000))
        throw new UnsafeArchive(`the entry "${entry.fileName}" is not a plain file or folder (a link or a device)`);
      bytes += entry.uncompressedSize;
    }
    if (entries.length > limits.maxFiles) throw new UnsafeArchive(`more than ${limits.maxFiles} entries`);
    if (bytes > limits.maxBytes) throw new UnsafeArchive(`more than ${limits.maxBytes / 1024 / 1024} MB unpacked`);
    for (const entry of entries) {
      const path = entryPath(target, entry.fileName);
      if (entry.fileName.endsWith("/")) {
        await mkdir(path, { recursive: true });
        continue;
      }
      await mkdir(dirname(path), { recursive: true });
      const stream = await new Promise<NodeJS.ReadableStream>((resolve, reject) =>
        zip.openReadStream(entry, (error, opened) => (error ? reject(error) : resolve(opened))),
      );
      const executable = ((entry.externalFileAttributes >>> 16) & 0o111) !== 0;
      await pipeline(stream, createWriteStream(path, { flags: "wx", mode: executable ? 0o755 : 0o644 }));
    }
  } finally {
    zip.close();
  }
}
