import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { pino } from "pino";
import { ContextBuilder } from "../src/agent/context/context.js";
import type { InboundMessage } from "../src/bus/messages.js";
import { configSchema } from "../src/config/schema.js";
import { openSkills } from "../src/daemon/open-skills.js";
import { ToolRegistry } from "../src/tools/registry.js";
import { startUntilReady } from "./start-until-ready.js";
import { target } from "./targets.js";

const SKILLS = 200;
const log = pino({ level: "silent" });
const message: InboundMessage = {
  id: "m",
  channel: "bench",
  chatId: "c",
  senderId: "s",
  text: "hi",
  isDirect: true,
  receivedAt: 0,
};

/** Installs `count` small skills (one with a requirement on a binary) into `<home>/workspace/skills`. */
async function installSkills(home: string, count: number): Promise<void> {
  for (let index = 0; index < count; index++) {
    const name = `skill-${String(index).padStart(3, "0")}`;
    const dir = join(home, "workspace", "skills", name);
    await mkdir(dir, { recursive: true });
    const metadata = index % 10 === 0 ? '\nmetadata: {"openclaw": {"requires": {"bins": ["sh"]}}}' : "";
    await writeFile(
      join(dir, "SKILL.md"),
      `---\nname: ${name}\ndescription: Does task number ${index} the way the team likes it.${metadata}\n---\n\n# ${name}\n\nStep one. Step two.\n`,
    );
  }
}

/** The system prompt's build time per turn, with the skills block as the daemon wires it. */
async function promptTimes(home: string, turns: number): Promise<number[]> {
  const workspace = join(home, "workspace");
  await mkdir(workspace, { recursive: true });
  const config = configSchema.parse({});
  const skills = openSkills({
    config,
    workspace,
    home,
    env: { PATH: process.env.PATH, HOME: home },
    registry: new ToolRegistry({ log }),
    log,
  });
  const context = new ContextBuilder({ workspace, log, blocks: [skills.section] });
  try {
    await context.systemPrompt(message);
    const times: number[] = [];
    for (let turn = 0; turn < turns; turn++) {
      const started = performance.now();
      await Promise.all([context.systemPrompt(message), skills.commands.skills()]);
      times.push(performance.now() - started);
    }
    return times;
  } finally {
    skills.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const p99 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.99)]!;

/** `npm run bench -- --skills`: start-up and per-turn cost with 200 skills installed against none. */
export async function skillsBench(home: string): Promise<void> {
  const none = join(home, "no-skills");
  const many = join(home, "many-skills");
  await mkdir(none, { recursive: true });
  await installSkills(many, SKILLS);
  const starts: Record<string, number[]> = { none: [], many: [] };
  for (let run = 0; run < 5; run++) {
    starts.none!.push((await startUntilReady(join(none, `run-${run}`))).readyMs);
    await installSkills(join(many, `run-${run}`), SKILLS);
    starts.many!.push((await startUntilReady(join(many, `run-${run}`))).readyMs);
  }
  const added = median(starts.many!) - median(starts.none!);
  console.log(
    `skein start until ready:   no skills median ${median(starts.none!).toFixed(0)} ms, ${SKILLS} skills median ${median(starts.many!).toFixed(0)} ms (n=5): +${added.toFixed(0)} ms   ${target("start with skills", added, "<=", 50, "ms", "added")}`,
  );
  const bare = await promptTimes(join(home, "prompt-none"), 2_000);
  await installSkills(join(home, "prompt-many"), SKILLS);
  const loaded = await promptTimes(join(home, "prompt-many"), 2_000);
  const fmt = (values: number[]) => `p50 ${median(values).toFixed(3)} ms, p99 ${p99(values).toFixed(3)} ms`;
  console.log(`per-turn prompt + skills:  no skills ${fmt(bare)}; ${SKILLS} skills unchanged ${fmt(loaded)} (n=2000)`);
}
