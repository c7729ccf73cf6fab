import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alice, bob, SkeinUnderAttack } from "./skein-under-attack.js";

/**
 * Command lines that held the daemon's event loop for over a minute in the command
 * guard's parser (issue #28), in the spirit of the shell-parser hangs of peers' advisories
 * (deeply nested substitutions, pathological quoting): each is refused, fast or after the
 * parser's 100 ms budget, and every chat keeps being answered.
 */
const hostile = [
  ["an unterminated quote before thousands of backslashes", `echo "${"\\".repeat(5_000)}`],
  ["5,000 nested $(", `echo ${"$(".repeat(5_000)}x${")".repeat(5_000)}`],
  ["100,000 pipes", `true${" | true".repeat(100_000)}`],
  ["a 1 MB command", `echo ${"a".repeat(1024 * 1024)}`],
  ["a command the parser needs seconds for", `echo ${"a ".repeat(12_000)}`],
] as const;

describe("the command guard cannot be used to hang the daemon (skein start)", () => {
  let skein: SkeinUnderAttack;
  beforeAll(async () => {
    skein = await SkeinUnderAttack.start();
  });
  afterAll(() => skein.close());

  it("refuses each hostile command line with the guard's reason, and answers another chat after them", async () => {
    // The command lines are too long for a chat message: the model is scripted to send them.
    skein.model.respondWith((request) => {
      const last = request.body.messages.at(-1);
      if (last?.role === "tool") return { content: "done" };
      if (String(last?.content).endsWith("run the hostile ones"))
        return {
          toolCalls: hostile.map(([, command], index) => ({
            id: `call_${index}`,
            name: "exec_shell",
            arguments: { command },
          })),
        };
      return { content: `echo: ${String(last?.content)}` };
    });
    const before = skein.model.requests.length;
    await skein.say(alice, "run the hostile ones");
    const answered = skein.model.requests
      .slice(before)
      .find((request) => request.body.messages.at(-1)?.role === "tool");
    const results = (answered?.body.messages ?? [])
      .filter((message) => message.role === "tool")
      .map((message) => JSON.parse(String(message.content)) as Record<string, unknown>);
    expect(results).toHaveLength(hostile.length);
    for (const [index, result] of results.entries())
      expect(String(result.error), hostile[index]![0]).toMatch(
        /^permission denied: the command (cannot be checked|could not be (checked|parsed)).*command guard/,
      );
    const reply = await skein.say(bob, "still there?");
    expect(reply.visibleText).toMatch(/^echo: .*still there\?$/);
  });

  it("still runs ordinary commands after refusing those", async () => {
    const before = skein.model.requests.length;
    skein.model.respondWith((request) => {
      const last = request.body.messages.at(-1);
      if (last?.role === "tool") return { content: "done" };
      return { toolCalls: [{ id: "call_0", name: "exec_shell", arguments: { command: "echo ok | tr a-z A-Z" } }] };
    });
    await skein.say(alice, "an ordinary one");
    const result = skein.model.requests.slice(before).at(-1)?.body.messages.at(-1);
    expect(JSON.parse(String(result?.content))).toMatchObject({ exit_code: 0, stdout: "OK\n" });
  });
});
