import { monitorEventLoopDelay } from "node:perf_hooks";
import { describe, expect, it } from "vitest";
import { htmlToMarkdown } from "../../../src/tools/builtin/html-to-markdown.js";
import { htmlToPlainText } from "../../../src/tools/builtin/html-to-text.js";

describe("HTML conversion for web_fetch", () => {
  it("converts an ordinary page to Markdown", async () => {
    const result = await htmlToMarkdown("<h1>Title</h1><p>Some <b>bold</b> text</p><script>alert(1)</script>");
    expect(result).toEqual({ text: "# Title\n\nSome **bold** text", converter: "markdown" });
  });

  it("turns a 1 MB page of nested divs into plain text without holding the event loop", async () => {
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const result = await htmlToMarkdown(`${"<div>".repeat(200_000)}deep text`);
    delay.disable();
    expect(result).toEqual({ text: "deep text", converter: "plain-text" });
    expect(delay.max / 1e6).toBeLessThan(1_000);
  });

  it("falls back to plain text when the converter runs out of time, the main thread free meanwhile", async () => {
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const result = await htmlToMarkdown(`${"<div>".repeat(60_000)}still here`, { timeBudgetMs: 200 });
    delay.disable();
    expect(result).toEqual({ text: "still here", converter: "plain-text" });
    expect(delay.max / 1e6).toBeLessThan(1_000);
  });

  it("makes plain text of tags, skipped scripts, block breaks and entities, even unclosed ones", () => {
    expect(htmlToPlainText("<p>a &amp; b</p><style>x{}</style><p>c&#33; &lt;d&gt;</p><script>never")).toBe(
      "a & b\nc! <d>",
    );
    expect(htmlToPlainText(`${"<".repeat(100_000)}x`).endsWith("<x")).toBe(true);
    expect(htmlToPlainText(`${"<script>".repeat(100_000)}`)).toBe("");
  });
});
