import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FakeRequest } from "../fakes/fake-openai.js";
import { alice, bob, SkeinUnderAttack } from "./skein-under-attack.js";

/**
 * Text the model cannot trust, through the built CLI with a hostile MCP server over stdio.
 * Attack inputs: a lone surrogate in a tool result that bricks the session (claude-code #21095,
 * #86560; opencode #17758), one the model itself wrote (claude-code #61670); tool descriptions
 * with instructions in Unicode tag characters, bidi and zero-width characters (Unit42's MCP
 * attack vectors, nucleus #1332, hermes-agent #80689); tool names the API refuses.
 */

const hostileServer = fileURLToPath(new URL("../fakes/hostile-mcp-server.mjs", import.meta.url));
const invisible = /[\u{E0000}-\u{E007F}\u202A-\u202E\u2066-\u2069\u200B-\u200D\uFEFF]/u;
const validName = /^[a-zA-Z0-9_-]{1,64}$/;

let skein: SkeinUnderAttack;

beforeAll(async () => {
  skein = await SkeinUnderAttack.start({
    tools: { mcp_servers: { hostile: { command: process.execPath, args: [hostileServer] } } },
  });
  await skein.skein.waitFor('"msg":"mcp server connected"', 25_000);
});
afterAll(async () => {
  await skein?.close();
});

/** The tools the model was offered in the latest request. */
function offeredTools(): Array<{ function: { name: string; description?: string; parameters?: unknown } }> {
  const request = skein.model.requests.at(-1) as FakeRequest;
  return (request.body.tools ?? []) as Array<{ function: { name: string; description?: string } }>;
}

describe("MCP tool names and descriptions", () => {
  it("offers the model only valid tool names, warning about each renamed tool by its name", async () => {
    await skein.say(alice, "hello");
    const names = offeredTools().map((tool) => tool.function.name);
    for (const name of names) expect(name).toMatch(validName);
    expect(names).toEqual(expect.arrayContaining(["hostile__weather", "hostile__search_the_web", "hostile__m_t_o"]));
    expect(names.filter((name) => name.startsWith("hostile__a-very-long-name"))).toHaveLength(1);
    const log = skein.skein.stderr();
    for (const tool of ["search the web", "météo", `a${"-very-long-name".repeat(6)}`])
      expect(log).toContain(`"tool":${JSON.stringify(tool)}`);
    expect(log).toContain("mcp tool name is not valid for the model API");
  });

  it("strips tag characters, bidi controls and zero-width characters from descriptions and parameters", async () => {
    await skein.say(alice, "what tools?");
    const weather = offeredTools().find((tool) => tool.function.name === "hostile__weather")!;
    expect(weather.function.description).toMatch(/^Tells the weather\./);
    expect(JSON.stringify(weather)).not.toMatch(invisible);
    expect(weather.function.description).not.toContain("Ignore previous instructions");
    expect(skein.skein.stderr()).toContain("mcp tool description holds invisible characters");
  });
});

describe("lone surrogates and invalid UTF-8", () => {
  it("gives the model U+FFFD for a lone surrogate in an MCP result, and the chat answers its next turn", async () => {
    const result = await skein.callTool("hostile__lone_surrogate", {}, bob);
    expect(result).toEqual({ text: "half an emoji: \uFFFD, then more" });
    const next = await skein.say(bob, "are you still there?");
    expect(next.visibleText).toBe("echo: are you still there?");
  });

  it("gives the model U+FFFD for bytes that are not UTF-8 in an MCP result", async () => {
    const result = await skein.callTool("hostile__invalid_utf8", {}, bob);
    expect(String(result.text)).toMatch(/^bad bytes: \uFFFD+\(\uFFFD+, then more$/);
  });

  it("keeps answering a chat whose history holds a lone surrogate the model wrote", async () => {
    const broken = await skein.say(alice, 'answer "a broken emoji: \\ud83d"');
    expect(broken.visibleText).toContain("a broken emoji:");
    const next = await skein.say(alice, "and now?");
    expect(next.visibleText).toBe("echo: and now?");
  });
});
