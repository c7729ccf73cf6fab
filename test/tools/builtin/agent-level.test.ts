import { mkdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { TurnOutcome } from "../../../src/agent/agent-loop.js";
import type { OutboundMessage } from "../../../src/bus/messages.js";
import { configSchema } from "../../../src/config/schema.js";
import { silentLogger } from "../../../src/log.js";
import { registerBuiltinTools } from "../../../src/tools/builtin/index.js";
import { type Harness, startHarness } from "../../agent/harness.js";

/** The real agent loop over the fake model, with the built-in tools and a second channel, "slack". */
async function startWithBuiltins() {
  const harness = await startHarness();
  const workspace = join(harness.home, "workspace");
  await mkdir(workspace, { recursive: true });
  registerBuiltinTools(harness.registry, {
    // Slack's C42 was never seen by this bot: the message tool may reach it only with targets "any".
    config: configSchema.parse({ tools: { message: { targets: "any" } } }),
    workspace,
    home: harness.home,
    log: silentLogger(),
    env: { PATH: process.env.PATH },
  });
  const slack: OutboundMessage[] = [];
  harness.bus.registerChannel("slack", async (message) => void slack.push(message));
  return { harness, workspace, slack };
}

/** The content of the tool message answering the call with this id, as the model saw it. */
function toolAnswer(harness: Harness, callId: string): string {
  for (const request of harness.fake.requests) {
    const answer = request.body.messages.find((message) => message.role === "tool" && message.tool_call_id === callId);
    if (answer) return String(answer.content);
  }
  throw new Error(`no tool answer for ${callId}`);
}

describe("built-in tools through the real agent loop", () => {
  let harness: Harness | undefined;
  afterEach(() => harness?.close());

  it("writes a file, reads it back, runs a shell command and messages another channel", async () => {
    const setup = await startWithBuiltins();
    harness = setup.harness;
    harness.fake.reply(
      {
        toolCalls: [
          { id: "write", name: "write_file", arguments: { path: "notes/hello.txt", content: "hello from skein" } },
        ],
      },
      { toolCalls: [{ id: "read", name: "read_file", arguments: { path: "notes/hello.txt" } }] },
      { toolCalls: [{ id: "shell", name: "exec_shell", arguments: { command: "wc -c < notes/hello.txt" } }] },
      {
        toolCalls: [
          {
            id: "tell",
            name: "message",
            arguments: { channel: "slack", chat_id: "C42", content: "The note has 16 bytes." },
          },
        ],
      },
      { content: "Done: written, checked and announced on Slack." },
    );

    const outcome = await harness.ask("Write a note, check it and tell the team on Slack");

    expect(outcome).toMatchObject({ status: "answered", reply: "Done: written, checked and announced on Slack." });
    expect(await readFile(join(setup.workspace, "notes/hello.txt"), "utf8")).toBe("hello from skein");
    expect(JSON.parse(toolAnswer(harness, "write"))).toEqual({
      message: "Successfully wrote 16 bytes to notes/hello.txt",
    });
    expect(JSON.parse(toolAnswer(harness, "read"))).toEqual({ content: "hello from skein" });
    expect(JSON.parse(toolAnswer(harness, "shell"))).toMatchObject({ exit_code: 0, stdout: "16\n", stderr: "" });
    expect(JSON.parse(toolAnswer(harness, "tell"))).toEqual({
      status: "sent",
      channel: "slack",
      chat_id: "C42",
      content_length: 22,
    });
    await harness.bus.drain();
    expect(setup.slack).toEqual([{ channel: "slack", chatId: "C42", text: "The note has 16 bytes." }]);
    expect(harness.sent.map((message) => message.text)).toEqual(["Done: written, checked and announced on Slack."]);
  });

  it("reports a background spawn's result in a new turn of the session that started it", async () => {
    const setup = await startWithBuiltins();
    harness = setup.harness;
    harness.fake.respondWith((request) => {
      const last = request.body.messages.at(-1);
      if (last?.role === "user" && String(last.content).includes("[system note")) {
        return { content: `The build finished: ${String(last.content).includes("built ok") ? "built ok" : "unknown"}` };
      }
      if (last?.role === "user") {
        return {
          toolCalls: [
            { id: "bg", name: "spawn", arguments: { command: "echo", args: ["built ok"], background: true } },
          ],
        };
      }
      return { content: "Started the build in the background." };
    });

    const internalTurn = new Promise<TurnOutcome>((resolve) => {
      const stop = setup.harness.agent.onOutcome((outcome) => {
        if (!outcome.message.internal) return;
        stop();
        resolve(outcome);
      });
    });
    expect(await harness.ask("Build it in the background")).toMatchObject({
      reply: "Started the build in the background.",
    });
    const report = await internalTurn;
    expect(report).toMatchObject({ status: "answered", reply: "The build finished: built ok" });
    expect(report.message).toMatchObject({ internal: true, channel: "test", chatId: "chat-1" });
    expect(JSON.parse(toolAnswer(harness, "bg"))).toMatchObject({ status: "started", command: "echo" });
  });
});
