import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { echoResponder, FakeOpenAI } from "../fakes/fake-openai.js";
import { cliPath } from "../support/cli-path.js";
import { hasScript, inPseudoTerminal, type PseudoTerminal } from "../support/pseudo-terminal.js";

/** `skein chat` (the built CLI) in a pseudo-terminal, as a person at a keyboard uses it. */

const up = "\x1b[A";
let model: FakeOpenAI;
let home: string;
let terminal: PseudoTerminal | undefined;

beforeAll(async () => {
  model = await FakeOpenAI.start();
});
afterAll(() => model.close());
beforeEach(async () => {
  model.respondWith(echoResponder);
  home = await mkdtemp(join(tmpdir(), "skein-chat-tty-"));
});
afterEach(async () => {
  if (terminal && terminal.child.exitCode === null) terminal.child.kill("SIGKILL");
  await terminal?.exited;
  terminal = undefined;
  await rm(home, { recursive: true, force: true });
});

function chat(): PseudoTerminal {
  terminal = inPseudoTerminal([process.execPath, cliPath, "chat"], {
    cwd: home,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: home,
      SKEIN_HOME: home,
      TERM: "xterm-256color",
      OPENAI_BASE_URL: model.baseUrl,
      OPENAI_API_KEY: "sk-test",
    },
  });
  return terminal;
}

describe.skipIf(!(await hasScript()))("skein chat in a terminal", () => {
  it("shows a working indicator, one dim line per tool call, the reply streamed with its Markdown rendered, and ends on Ctrl-D once it is done", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    model.reply({ toolCalls: [{ name: "list_dir", arguments: { path: "." } }] });
    model.respondWith(async () => {
      await held;
      return { content: "Found **two** files:\n\n- `notes.md`\n- `todo.md`\n" };
    });
    const tty = chat();
    await tty.waitFor("› ");
    tty.type("what is in my workspace?\r");
    await tty.waitFor("thinking…", 0, 5000);
    await tty.waitFor("↳ list_dir path=.");
    await tty.waitFor("working…");
    tty.type("\x04"); // Ctrl-D while the agent works: the reply is finished, then the chat ends
    release();
    await tty.waitFor("• todo.md");
    expect(tty.output()).toContain("\x1b[2m  ↳ list_dir path=.\x1b[22m");
    expect(tty.output()).toContain("Found \x1b[1mtwo\x1b[22m files:");
    expect(tty.output()).toContain("• \x1b[36mnotes.md\x1b[39m");
    expect(tty.text()).not.toContain("**two**");
    expect(await tty.exited).toBe(0);
  });

  it("recalls earlier lines with Up, in this session and the next, and quits cleanly on Ctrl-D", async () => {
    const first = chat();
    await first.waitFor("› ");
    first.type("remember the milk\r");
    await first.waitFor("echo: remember the milk");
    const before = first.text().length;
    first.type(`${up}\r`);
    await first.waitFor("echo: remember the milk", before);
    first.type("\x04");
    expect(await first.exited).toBe(0);
    expect(await readFile(join(home, "chat-history"), "utf8")).toBe("remember the milk\n");

    const second = chat();
    await second.waitFor("› ");
    second.type(`${up}\r`);
    await second.waitFor("echo: remember the milk");
    second.type("\x03");
    expect(await second.exited).toBe(0);
  });

  it("starts a fresh conversation with /new and explains itself with /help", async () => {
    const tty = chat();
    await tty.waitFor("› ");
    tty.type("/new\r");
    await tty.waitFor("Started a fresh conversation");
    tty.type("/help\r");
    await tty.waitFor("Up and Down recall earlier lines");
    tty.type("\x03");
    expect(await tty.exited).toBe(0);
  });
});
