import { readdir, readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alice, chatOf, SkeinUnderAttack } from "./skein-under-attack.js";

/**
 * Hostile names of files sent to the bot (issue #28: the upload-name attack classes of peers'
 * 2026 advisories it replayed: path traversal with `/`, `\\` and percent-encoded separators, an
 * RTL override that spoofs the extension, a 600-byte name, a name of only dots, NUL, a Windows
 * device name, invisible tag and zero-width characters). Each lands in inbox/telegram/<chat>/ under
 * a safe name that keeps its extension, at most 120 bytes of UTF-8.
 */
const hostile = [
  { name: "../../etc/passwd", kept: /^\d{4}-\d{2}-\d{2}-passwd$/ },
  { name: "..\\..\\x.exe", kept: /^\d{4}-\d{2}-\d{2}-x\.exe$/ },
  { name: "..%2F..%2Fevil.sh", kept: /^\d{4}-\d{2}-\d{2}-evil\.sh$/ },
  { name: `${"é".repeat(300)}.pdf`, kept: /^\d{4}-\d{2}-\d{2}-é+\.pdf$/ },
  { name: "invoice\u202Efdp.exe", kept: /^\d{4}-\d{2}-\d{2}-invoice_fdp\.exe$/ },
  { name: "....", kept: /^\d{4}-\d{2}-\d{2}-document-\d+\.pdf$/ },
  { name: "report\u0000.txt", kept: /^\d{4}-\d{2}-\d{2}-report_\.txt$/ },
  { name: "CON.txt", kept: /^\d{4}-\d{2}-\d{2}-_CON\.txt$/ },
  { name: "tag\u{E0041}\u200B.md", kept: /^\d{4}-\d{2}-\d{2}-tag_\.md$/ },
];

/** Every file under `dir`, as paths relative to it. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => relative(dir, join(entry.parentPath, entry.name)));
}

describe("files sent with hostile names (skein start, Telegram)", () => {
  let skein: SkeinUnderAttack;
  beforeAll(async () => {
    skein = await SkeinUnderAttack.start();
    const uploads = [...hostile.map(({ name }) => name), "twice.txt", "twice.txt"];
    const before = skein.telegram.sent.length;
    for (const [index, name] of uploads.entries()) {
      const file = skein.telegram.addFile(Buffer.from(`upload ${index}`));
      skein.telegram.userMessage(chatOf(alice), alice, undefined, {
        caption: "keep this",
        document: { ...file, file_name: name, mime_type: "application/pdf" },
      });
    }
    // One reply per upload: every file was saved (or refused) before its turn answered.
    await skein.telegram.waitForSent(before + uploads.length);
  });
  afterAll(() => skein.close());

  it("saves each file inside inbox/telegram/<chat>/ and nowhere else", async () => {
    const files = await filesUnder(skein.home);
    const saved = files.filter((file) => file.startsWith(join("workspace", "inbox")));
    expect(saved.length).toBe(hostile.length + 2);
    for (const file of saved) expect(file.split("/").slice(0, -1)).toEqual(["workspace", "inbox", "telegram", "111"]);
    expect(files.some((file) => /passwd|x\.exe|evil\.sh/.test(file) && !saved.includes(file))).toBe(false);
  });

  it("gives each a safe name of at most 120 bytes that keeps its extension", async () => {
    const names = await readdir(join(skein.workspace, "inbox", "telegram", "111"));
    for (const { name, kept } of hostile) {
      const match = names.filter((saved) => kept.test(saved));
      expect(match, `the name saved for ${JSON.stringify(name)}`).toHaveLength(1);
    }
    for (const saved of names) {
      expect(Buffer.byteLength(saved)).toBeLessThanOrEqual(120);
      expect(saved).toMatch(/^[\p{L}\p{M}\p{N}._-]+$/u);
      expect(saved.startsWith(".")).toBe(false);
    }
  });

  it("keeps two uploads with one name apart, and each file's own bytes", async () => {
    const folder = join(skein.workspace, "inbox", "telegram", "111");
    const twice = (await readdir(folder)).filter((name) => name.includes("twice")).sort();
    expect(twice).toEqual([expect.stringMatching(/-twice-2\.txt$/), expect.stringMatching(/-twice\.txt$/)]);
    const contents = await Promise.all(twice.map((name) => readFile(join(folder, name), "utf8")));
    expect(new Set(contents).size).toBe(2);
    const spoofed = (await readdir(folder)).find((name) => name.includes("invoice"))!;
    expect(await readFile(join(folder, spoofed), "utf8")).toBe("upload 4");
  });
});
