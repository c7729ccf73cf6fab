import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { countTokens as referenceCount } from "gpt-tokenizer/encoding/o200k_base";
import { describe, expect, it } from "vitest";
import { PIECE_CHARS, TokenizerThread } from "../../src/agent/compaction/token-worker.js";

describe("the tokenizer's thread", () => {
  it("counts each text of a batch as o200k_base does, 1,024 characters at a time", async () => {
    const thread = new TokenizerThread();
    const long = "word ".repeat(1_000);
    const counts = await thread.count(["hello there", long]);
    let expected = 0;
    for (let start = 0; start < long.length; start += PIECE_CHARS)
      expected += referenceCount(long.slice(start, start + PIECE_CHARS));
    expect(counts).toEqual([referenceCount("hello there"), expected]);
  });

  it("stops once unused for its idle time, giving its memory back, and starts again for the next count", async () => {
    const thread = new TokenizerThread({ idleMs: 50 });
    expect(thread.running).toBe(false);
    await thread.count(["a"]);
    expect(thread.running).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(thread.running).toBe(false);
    expect(await thread.count(["hello there"])).toEqual([referenceCount("hello there")]);
  });

  it("keeps a process alive while it counts, and not once it is idle", async () => {
    const source = new URL("../../src/agent/compaction/token-worker.ts", import.meta.url).href;
    // Nothing else keeps this process alive: it must live to print the count, then end long before the idle time.
    const folder = await mkdtemp(join(tmpdir(), "skein-token-worker-"));
    try {
      const script = join(folder, "count.mjs");
      await writeFile(
        script,
        `const { TokenizerThread } = await import(${JSON.stringify(source)});
        console.log((await new TokenizerThread({ idleMs: 600_000 }).count(["hello there"]))[0]);`,
      );
      const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", script], { timeout: 30_000 });
      expect(stdout).toBe(`${referenceCount("hello there")}\n`);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
