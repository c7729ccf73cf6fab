import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scriptToolCalls } from "../approvals/scripted-model.js";
import { FakeOpenAI } from "../fakes/fake-openai.js";
import { cliPath } from "../support/cli-path.js";

describe("skein chat with tools.approval ask, the built CLI", () => {
  let model: FakeOpenAI;
  let home: string;

  beforeAll(async () => {
    model = await FakeOpenAI.start();
    scriptToolCalls(model);
    home = await mkdtemp(join(tmpdir(), "skein-chat-approval-"));
    await writeFile(join(home, "config.json"), JSON.stringify({ tools: { approval: "ask" } }));
  });
  afterAll(async () => {
    await model.close();
    await rm(home, { recursive: true, force: true });
  });

  it("asks y/N on the terminal: the line after the message answers, y runs the call and anything else denies it", async () => {
    const child = execFile(process.execPath, [cliPath, "chat"], {
      env: {
        PATH: process.env.PATH,
        HOME: home,
        SKEIN_HOME: home,
        OPENAI_BASE_URL: model.baseUrl,
        OPENAI_API_KEY: "sk-test",
      },
      cwd: home,
    });
    child.stdin!.end("shell: echo yes >> asked.txt\ny\nshell: echo no >> asked.txt\n\nafter\n");
    let stdout = "";
    let stderr = "";
    child.stdout!.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise((resolve) => child.on("close", resolve));
    expect(code).toBe(0);
    const replies = stdout.trim().split("\n");
    expect(replies).toHaveLength(3);
    expect(replies[0]).toMatch(/^tool said: .*"exit_code":0/);
    expect(replies[1]).toBe('tool said: {"error":"permission denied: denied by the user"}');
    expect(replies[2]).toBe("echo: after");
    expect(stderr.match(/Allow\? \[y\]es once/g)).toHaveLength(2);
    expect(stderr).toContain("command: echo yes >> asked.txt");
    expect(await readFile(join(home, "workspace", "asked.txt"), "utf8")).toBe("yes\n");
  });
});
