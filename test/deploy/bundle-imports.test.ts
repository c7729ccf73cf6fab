import { execFile } from "node:child_process";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { FakeAnthropic } from "../fakes/fake-anthropic.js";
import { FakeOpenAI } from "../fakes/fake-openai.js";
import { cliPath } from "../support/cli-path.js";

/** Every JavaScript file of the built CLI (dist/cli.js and its chunks), with its text. */
async function builtFiles(): Promise<Array<{ name: string; text: string }>> {
  const dist = dirname(cliPath);
  const chunks = (await readdir(join(dist, "chunks"))).filter((name) => name.endsWith(".js"));
  return Promise.all(
    ["cli.js", ...chunks.map((name) => join("chunks", name))].map(async (name) => ({
      name,
      text: await readFile(join(dist, name), "utf8"),
    })),
  );
}

/** `skein chat -m hi` of the built CLI with `env`: its output and the modules Node loaded. */
async function chatLoading(home: string, env: NodeJS.ProcessEnv): Promise<{ stdout: string; modules: string[] }> {
  const loaded = join(home, "loaded.json");
  const preload = join(home, "loaded.cjs");
  await writeFile(
    preload,
    `process.on("exit", () => require("node:fs").writeFileSync(${JSON.stringify(loaded)}, JSON.stringify(process.moduleLoadList)));`,
  );
  const { stdout } = await promisify(execFile)(process.execPath, ["--require", preload, cliPath, "chat", "-m", "hi"], {
    env: { PATH: process.env.PATH, HOME: home, SKEIN_HOME: home, ...env },
    cwd: home,
  });
  return { stdout, modules: JSON.parse(await readFile(loaded, "utf8")) as string[] };
}

describe("the built CLI's imports", () => {
  it("requires node:http instead of importing it as an ES module, which on Node 24 loads undici into an idle daemon", async () => {
    const files = await builtFiles();
    const imported = files.filter(({ text }) =>
      /\bfrom\s*["'](node:)?http["']|\bimport\s*\(\s*["'](node:)?http["']\s*\)|\bimport\s*["'](node:)?http["']/.test(
        text,
      ),
    );
    expect(imported.map(({ name }) => name)).toEqual([]);
    expect(files.some(({ text }) => /require\(\s*["']node:http["']\s*\)/.test(text))).toBe(true);
  });

  it("answers through the model without loading Node's fetch (undici) or its web streams, as the openai SDK would on its first call", async () => {
    const home = await mkdtemp(join(tmpdir(), "skein-bundle-"));
    const fake = await FakeOpenAI.start();
    try {
      fake.reply({ content: "hello back" });
      const { stdout, modules } = await chatLoading(home, { OPENAI_BASE_URL: fake.baseUrl, OPENAI_API_KEY: "sk-test" });
      expect(stdout).toBe("hello back\n");
      expect(modules.filter((name) => /undici|webstreams\/readablestream/.test(name))).toEqual([]);
    } finally {
      await fake.close();
      await rm(home, { recursive: true, force: true });
    }
  });

  it("answers through Anthropic's SDK without loading Node's fetch (undici) or its web streams either", async () => {
    const home = await mkdtemp(join(tmpdir(), "skein-bundle-"));
    const fake = await FakeAnthropic.start();
    try {
      fake.reply({ content: "hello from Claude" });
      const { stdout, modules } = await chatLoading(home, {
        ANTHROPIC_API_KEY: "sk-ant-test",
        ANTHROPIC_BASE_URL: fake.baseUrl,
        SKEIN_MODEL: "anthropic/claude-test",
      });
      expect(stdout).toBe("hello from Claude\n");
      expect(modules.filter((name) => /undici|webstreams\/readablestream/.test(name))).toEqual([]);
    } finally {
      await fake.close();
      await rm(home, { recursive: true, force: true });
    }
  });
});
