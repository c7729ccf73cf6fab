import { describe, expect, it } from "vitest";
import { TerminalMarkdown, terminalStyles } from "../../../channels/cli/terminal-markdown.js";
import { shortArguments } from "../../../channels/cli/terminal-screen.js";

const render = (lines: string[], colour = false) => {
  const markdown = new TerminalMarkdown(terminalStyles(colour));
  return lines.map((line) => markdown.renderLine(line)).filter((line) => line !== undefined);
};

describe("Markdown in the terminal", () => {
  it("shows bullets, links and headings readably without colour", () => {
    expect(render(["# Plan", "- see [the docs](https://example.com)", "* **bold** and _em_", "> quoted"])).toEqual([
      "Plan",
      "• see the docs (https://example.com)",
      "• bold and em",
      "│ quoted",
    ]);
  });

  it("indents a code block, drops its fences and leaves Markdown inside it alone", () => {
    expect(render(["```ts", "const **x** = 1;", "```", "after"])).toEqual(["  ts", "  const **x** = 1;", "after"]);
  });

  it("styles bold and code spans with ANSI when colour is on", () => {
    expect(render(["a **b** `c`"], true)).toEqual(["a \x1b[1mb\x1b[22m \x1b[36mc\x1b[39m"]);
  });
});

describe("a tool call's arguments on one line", () => {
  it("lists them as key=value, quoting values with spaces, and shortens long ones", () => {
    expect(shortArguments('{"path":"notes.md","command":"ls -la"}')).toBe('path=notes.md command="ls -la"');
    expect(shortArguments(JSON.stringify({ text: "x".repeat(200) }), 20)).toHaveLength(20);
    expect(shortArguments("not json")).toBe("not json");
  });
});
