import { mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { writeFileAtomic } from "../../src/util/atomic-write.js";

describe("atomic writes", () => {
  let directory: string | undefined;
  afterEach(async () => {
    if (directory) await rm(directory, { recursive: true, force: true });
  });

  it("replaces the file, creates its folder and leaves no temporary file behind", async () => {
    directory = await mkdtemp(join(tmpdir(), "skein-atomic-"));
    const path = join(directory, "nested", "state.json");

    await writeFileAtomic(path, "old");
    await writeFileAtomic(path, "new");

    expect(await readFile(path, "utf8")).toBe("new");
    expect(await readdir(join(directory, "nested"))).toEqual(["state.json"]);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
  });
});
