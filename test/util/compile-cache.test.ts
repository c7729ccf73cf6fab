import { execFile } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readdirSync, statSync, symlinkSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import module from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enableCompileCache, type NodeCompileCache } from "../../src/util/compile-cache.js";
import { cliPath } from "../support/cli-path.js";

/** A stand-in for Node's API that records where it was asked to keep the cache. */
function recordingNode() {
  const asked: Array<string | undefined> = [];
  const node: NodeCompileCache = {
    enableCompileCache: (directory) => {
      asked.push(directory);
      return { status: 1, directory: `${directory ?? "/from/NODE_COMPILE_CACHE"}/v-node` };
    },
  };
  return { node, asked };
}

describe("Node's compile cache for the CLI", () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), "skein-compile-cache-test-"));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it("keeps it in a directory of the user's own in the temporary directory, created 0700", () => {
    const { node, asked } = recordingNode();
    const state = enableCompileCache({ environment: {}, node, uid: process.getuid?.() });
    const directory = join(tmpdir(), `skein-compile-cache-${process.getuid?.()}`);
    expect(asked).toEqual([directory]);
    expect(state).toEqual({ enabled: true, directory: `${directory}/v-node` });
    expect(statSync(directory).mode & 0o777).toBe(0o700);
  });

  it("refuses a directory that another user owns, that others may write, or that is a link", () => {
    const theirs = join(root, "theirs");
    const shared = join(root, "shared");
    const link = join(root, "link");
    mkdirSync(theirs, { mode: 0o700 });
    mkdirSync(shared);
    chmodSync(shared, 0o777);
    symlinkSync(theirs, link);
    const { node, asked } = recordingNode();
    const uid = process.getuid!();
    expect(enableCompileCache({ environment: {}, node, directory: theirs, uid: uid + 1 })).toEqual({
      enabled: false,
      reason: `${theirs} belongs to another user`,
    });
    expect(enableCompileCache({ environment: {}, node, directory: shared, uid })).toEqual({
      enabled: false,
      reason: `${shared} can be written by others`,
    });
    expect(enableCompileCache({ environment: {}, node, directory: link, uid })).toEqual({
      enabled: false,
      reason: `${link} is not a directory`,
    });
    expect(asked).toEqual([]);
  });

  it("does not create missing parents, and starts without the cache when it cannot create its directory", () => {
    const { node, asked } = recordingNode();
    const directory = join(root, "missing", "cache");
    const state = enableCompileCache({ environment: {}, node, directory, uid: process.getuid?.() });
    expect(state).toEqual({ enabled: false, reason: `cannot create ${directory}: ENOENT` });
    expect(existsSync(join(root, "missing"))).toBe(false);
    expect(asked).toEqual([]);
  });

  it("leaves it off with NODE_DISABLE_COMPILE_CACHE, creating nothing, and where NODE_COMPILE_CACHE says", () => {
    const { node, asked } = recordingNode();
    const directory = join(root, "unused");
    expect(enableCompileCache({ environment: { NODE_DISABLE_COMPILE_CACHE: "" }, node, directory })).toEqual({
      enabled: false,
      reason: "NODE_DISABLE_COMPILE_CACHE is set",
    });
    expect(existsSync(directory)).toBe(false);
    const state = enableCompileCache({ environment: { NODE_COMPILE_CACHE: join(root, "given") }, node, directory });
    expect(asked).toEqual([undefined]);
    expect(state).toEqual({ enabled: true, directory: "/from/NODE_COMPILE_CACHE/v-node" });
    expect(existsSync(directory)).toBe(false);
  });

  it("is none on a Node without it (Node 20), which starts as before", () => {
    expect(enableCompileCache({ environment: {}, node: {}, directory: join(root, "old-node") })).toEqual({
      enabled: false,
      reason: "Node < 22.1 has none",
    });
    expect(existsSync(join(root, "old-node"))).toBe(false);
  });

  const nodeHasIt = typeof (module as NodeCompileCache).enableCompileCache === "function";
  it.skipIf(!nodeHasIt)(
    "is filled by the built CLI's commands, and left alone with NODE_DISABLE_COMPILE_CACHE",
    async () => {
      const run = (tmp: string, env: NodeJS.ProcessEnv = {}) => {
        mkdirSync(tmp);
        return promisify(execFile)(process.execPath, [cliPath, "--version"], {
          env: { PATH: process.env.PATH, HOME: root, TMPDIR: tmp, ...env },
        });
      };
      const cache = join(root, "cli", `skein-compile-cache-${process.getuid?.()}`);
      expect((await run(join(root, "cli"))).stdout).toBe("0.1.0\n");
      const [versionDirectory] = readdirSync(cache);
      expect(versionDirectory).toMatch(new RegExp(`^${process.version}-`));
      expect(readdirSync(join(cache, versionDirectory!)).length).toBeGreaterThan(0);

      await run(join(root, "cli-off"), { NODE_DISABLE_COMPILE_CACHE: "1" });
      expect(readdirSync(join(root, "cli-off"))).toEqual([]);
    },
  );
});
