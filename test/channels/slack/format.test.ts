import { describe, expect, it } from "vitest";
import { markdownToMrkdwn } from "../../../channels/slack/format.js";

describe("Markdown rendered as Slack mrkdwn", () => {
  it.each([
    ["**bold**", "*bold*"],
    ["__bold__", "*bold*"],
    ["_italic_ and *italic*", "_italic_ and _italic_"],
    ["~~gone~~", "~gone~"],
    ["[the docs](https://example.com/a?b=1)", "<https://example.com/a?b=1|the docs>"],
    ["<https://example.com>", "<https://example.com>"],
    ["https://example.com", "<https://example.com>"],
    ["![a chart](https://example.com/c.png)", "<https://example.com/c.png|a chart>"],
    ["`a < b && c`", "`a &lt; b &amp;&amp; c`"],
    ["1 < 2 & 3 > 2", "1 &lt; 2 &amp; 3 &gt; 2"],
    ["\\*not bold\\*", "*not bold*"],
  ])("renders %j as %j", (markdown, mrkdwn) => {
    expect(markdownToMrkdwn(markdown)).toBe(mrkdwn);
  });

  it("renders headings as bold lines, without nested bold markers", () => {
    expect(markdownToMrkdwn("# Results for **today**\n\nAll green.")).toBe("*Results for today*\n\nAll green.");
  });

  it("renders lists with bullets and numbers, nested lists indented", () => {
    expect(markdownToMrkdwn("- one\n- two\n  1. first\n  2. second\n- [x] done\n- [ ] to do")).toBe(
      "• one\n• two\n    1. first\n    2. second\n☑ done\n☐ to do",
    );
  });

  it("keeps code blocks as code, escaped but otherwise untouched", () => {
    expect(markdownToMrkdwn("```ts\nif (a < b) **x**\n```")).toBe("```\nif (a &lt; b) **x**\n```");
  });

  it("quotes blockquotes line by line", () => {
    expect(markdownToMrkdwn("> first\n> **second**")).toBe("> first\n> *second*");
  });

  it("shows tables as aligned text in a code block", () => {
    expect(markdownToMrkdwn("| name | n |\n|---|---|\n| a | 10 |")).toBe("```\nname | n\n-----|---\na    | 10\n```");
  });

  it("renders nothing for empty input", () => {
    expect(markdownToMrkdwn("")).toBe("");
  });
});
