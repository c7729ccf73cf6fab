import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeOpenAI } from "../fakes/fake-openai.js";
import { writeSkill } from "../skills/helpers.js";
import { cliPath } from "../support/cli-path.js";

/** `skein tools` against what the agent really offers the model: the tool schemas of a turn's request. */
const run = promisify(execFile);
let home: string;
let model: FakeOpenAI;
let env: Record<string, string>;

beforeAll(async () => {
  [home, model] = await Promise.all([mkdtemp(join(tmpdir(), "skein-tools-")), FakeOpenAI.start()]);
  env = { PATH: process.env.PATH ?? "", HOME: home, SKEIN_HOME: home, OPENAI_BASE_URL: model.baseUrl };
});
afterAll(async () => {
  await model?.close();
  await rm(home, { recursive: true, force: true });
});

/** The tool names a turn of `skein chat` offers the model, and those `skein tools --json` lists. */
async function offeredAndListed(): Promise<{ offered: string[]; listed: string[] }> {
  const before = model.requests.length;
  await run(process.execPath, [cliPath, "chat", "-m", "which tools?"], { env, cwd: home });
  const offered = (model.requests[before]!.body.tools ?? []).map((tool) => tool.function.name).sort();
  const { stdout } = await run(process.execPath, [cliPath, "tools", "--json"], { env, cwd: home });
  const listed = (JSON.parse(stdout) as { name: string }[]).map((tool) => tool.name).sort();
  return { offered, listed };
}

describe("skein tools", () => {
  it("lists exactly the tools a turn offers the model, schedule among them", async () => {
    const { offered, listed } = await offeredAndListed();
    expect(listed).toEqual(offered);
    expect(listed).toEqual(expect.arrayContaining(["schedule", "exec_shell", "message", "web_fetch"]));
    expect(listed).not.toContain("skill");
  });

  it("lists the skill tool once a skill is ready, as a turn offers it", async () => {
    await writeSkill(join(home, "workspace", "skills"), "greeter");
    const { offered, listed } = await offeredAndListed();
    expect(listed).toEqual(offered);
    expect(listed).toContain("skill");
  });
});
