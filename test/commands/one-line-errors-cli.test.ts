import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeOpenAI } from "../fakes/fake-openai.js";
import { cliPath } from "../support/cli-path.js";
import { hasScript, inPseudoTerminal } from "../support/pseudo-terminal.js";

/**
 * A command's failure on a terminal (the built CLI in a pseudo-terminal, as a person runs it): one plain
 * line with the cause and the remedy, no JSON log line, no stack trace, no secret.
 */
const SECRET = "sk-one-line-secret-5d1e";
let home: string;
let model: FakeOpenAI;

beforeAll(async () => {
  [home, model] = await Promise.all([mkdtemp(join(tmpdir(), "skein-one-line-")), FakeOpenAI.start()]);
  model.respondWith(() => ({ type: "unauthorized" }));
});
afterAll(async () => {
  await model?.close();
  await rm(home, { recursive: true, force: true });
});

/** Runs `skein <args>` in a terminal with `env` (no model unless given); resolves with what it showed and its exit code. */
async function onTerminal(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ lines: string[]; code: number | null }> {
  const terminal = inPseudoTerminal([process.execPath, cliPath, ...args], {
    cwd: home,
    env: { PATH: process.env.PATH ?? "", HOME: home, SKEIN_HOME: home, TERM: "dumb", ...env },
  });
  const code = await terminal.exited;
  return { lines: terminal.text().trim().split("\n"), code };
}

describe.skipIf(!(await hasScript()))("a command's failure on a terminal", () => {
  it("a key the model server refuses (401): one line saying which setting to fix, the key redacted", async () => {
    const { lines, code } = await onTerminal(["chat", "-m", "hi"], {
      OPENAI_API_KEY: SECRET,
      OPENAI_BASE_URL: model.baseUrl,
    });
    expect(code).toBe(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^skein: the model server refused the API key: set OPENAI_API_KEY or providers\.openai\.api_key to a valid key .*\(the model server answered 401 /,
    );
    expect(lines[0]).not.toContain(SECRET);
  });

  it("a base URL without a scheme: one line with the URL meant", async () => {
    const { lines, code } = await onTerminal(["chat", "-m", "hi"], { OPENAI_BASE_URL: "localhost:11434" });
    expect(code).toBe(1);
    expect(lines).toEqual([
      expect.stringMatching(
        /^skein: invalid configuration \(.*\): providers\.openai\.base_url \(from OPENAI_BASE_URL\): "localhost:11434" is not a URL: it needs http:\/\/ or https:\/\/, e\.g\. "http:\/\/localhost:11434\/v1"$/,
      ),
    ]);
  });

  it("no config yet: says no model is configured and how to configure one, without trying api.openai.com", async () => {
    const { lines, code } = await onTerminal(["chat", "-m", "hi"]);
    expect(code).toBe(1);
    expect(lines).toEqual(["skein: no model is configured: run `skein init` (or set OPENAI_API_KEY)"]);
  });
});
