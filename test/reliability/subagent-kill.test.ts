import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentText } from "../fakes/fake-openai.js";
import { childTask, delegatingModel } from "../support/delegating-model.js";
import { alice, aliceChat, eventually, World } from "./harness.js";

/**
 * Sub-agents across SIGKILL: a delegation is journaled like a platform message, so a child cut
 * short runs again after the restart and its result reaches the chat exactly once; a stopped
 * child is not run again. One world (Telegram) for the file.
 */
let world: World;
const model = delegatingModel();
/** Each reply posted whole: a test reading a streamed reply could find it half written. */
const telegramEnv = { TELEGRAM_STREAMING: "false" };

beforeAll(async () => {
  world = await World.create();
  world.model.respondWith(model.responder);
  await world.start(["telegram"], telegramEnv);
}, 60_000);

afterAll(async () => {
  await world?.close();
});

const delegate = (args: Record<string, unknown>) => `delegate ${JSON.stringify(args)}`;
const childRequests = (task: string) => world.model.requests.filter((request) => childTask(request) === task).length;
const replies = () => world.replies("telegram");
const resultTurns = (label: string) =>
  world.model.requests.filter((request) =>
    contentText(request.body.messages.at(-1)?.content).includes(`The sub-agent "${label}"`),
  ).length;

/** Writes in Alice's chat and waits for a reply matching `expected`, returning it. */
async function say(text: string, expected: RegExp): Promise<string> {
  const before = replies().length;
  world.telegram.userMessage(aliceChat, alice, text);
  const find = () =>
    replies()
      .slice(before)
      .find((reply) => expected.test(reply));
  await eventually(world, () => find() !== undefined, `a reply ${expected}`);
  return find()!;
}

/** Whether the journal holds the delegation of the sub-agent `id` as complete. */
function delegationComplete(id: string): boolean {
  const lines = readFileSync(join(world.home, "state", "journal.jsonl"), "utf8")
    .split("\n")
    .filter(Boolean);
  const records = lines.map(
    (line) => JSON.parse(line) as { type: string; id?: string; message?: { id: string; delegation?: { id: string } } },
  );
  const journalId = records.find((record) => record.message?.delegation?.id === id)?.message?.id;
  return journalId !== undefined && records.some((record) => record.type === "complete" && record.id === journalId);
}

/** Whether a child's session holds its finished turn (the task as its first message). */
function childSessionStored(task: string): boolean {
  const dir = join(world.home, "sessions");
  return readdirSync(dir)
    .filter((name) => name.startsWith("subagent"))
    .some((name) => {
      const text = readFileSync(join(dir, name), "utf8");
      return text.includes(JSON.stringify(task)) && text.includes('"replies":["finished"');
    });
}

/** SIGKILL, a fresh start on the same home, and a message answered (the daemon has caught up). */
async function killAndRestart(): Promise<void> {
  await world.kill();
  await world.start(["telegram"], telegramEnv);
  await say("ping", /^echo: ping$/);
}

describe("sub-agents across a SIGKILL of the daemon", () => {
  it("runs a child again after a SIGKILL during its model request; its result reaches the chat once, and not again after another restart", async () => {
    const task = "hold:kill research the topic";
    const started = await say(delegate({ task, label: "research" }), /^Started sa-/);
    const id = /sa-[0-9a-f]{8}/.exec(started)![0];
    await eventually(world, () => childRequests(task) === 1, "the child asks the model");

    await world.kill();
    await world.start(["telegram"], telegramEnv);
    await eventually(world, () => childRequests(task) === 2, "the child asks the model again after the restart");
    model.release("kill");
    await eventually(
      world,
      () => replies().some((reply) => reply.startsWith("Parent relays:")),
      "the result is relayed",
    );
    await eventually(world, () => delegationComplete(id), "the delegation is complete in the journal");

    await killAndRestart();
    expect(replies().filter((reply) => reply.startsWith("Parent relays:"))).toEqual([
      "Parent relays: Child answer: hold:kill research the topic",
    ]);
    expect(childRequests(task)).toBe(2);
    expect(resultTurns("research")).toBe(1);
  });

  it("runs a delegating turn cut short by a SIGKILL again without starting its child twice; the result comes once", async () => {
    const task = "holdparent:rerun summarise the logs";
    const before = replies().length;
    world.telegram.userMessage(aliceChat, alice, delegate({ task, label: "logs" }));
    await eventually(world, () => childRequests(task) === 1, "the child asks the model");
    await eventually(world, () => childSessionStored(task), "the child's outcome is stored in its session");

    await world.kill();
    await world.start(["telegram"], telegramEnv);
    model.release("rerun");
    await eventually(
      world,
      () =>
        replies()
          .slice(before)
          .some((reply) => reply.startsWith("Parent relays:")),
      "the result is relayed",
    );
    const shown = replies().slice(before);
    expect(shown.map((reply) => reply.replace(/sa-[0-9a-f]{8}/, "sa-…"))).toEqual([
      "Started sa-….",
      `Parent relays: Child answer: ${task}`,
    ]);
    expect(childRequests(task)).toBe(1);
    expect(resultTurns("logs")).toBe(1);
  });

  it("does not run a stopped child again after a restart", async () => {
    const task = "hold:never stop me";
    const started = await say(delegate({ task, label: "doomed" }), /^Started sa-/);
    const id = /sa-[0-9a-f]{8}/.exec(started)![0];
    await eventually(world, () => childRequests(task) === 1, "the child asks the model");
    expect(await say(`/subagents stop ${id}`, /Stopped/)).toContain(`"doomed" (${id})`);
    expect(delegationComplete(id)).toBe(true);

    await killAndRestart();
    expect(childRequests(task)).toBe(1);
    expect(resultTurns("doomed")).toBe(0);
  });
});
