import { describe, expect, it } from "vitest";
import { parseInline, parseMarkdown } from "../../ui/markdown.js";

describe("the web chat's Markdown reader", () => {
  it("reads emphasis, code spans and safe links inline", () => {
    expect(parseInline("**bold** and *it* and `x < y` and [docs](https://example.com/a?b=1)")).toEqual([
      { type: "strong", children: [{ type: "text", text: "bold" }] },
      { type: "text", text: " and " },
      { type: "em", children: [{ type: "text", text: "it" }] },
      { type: "text", text: " and " },
      { type: "code", text: "x < y" },
      { type: "text", text: " and " },
      { type: "link", href: "https://example.com/a?b=1", children: [{ type: "text", text: "docs" }] },
    ]);
  });

  it("keeps HTML as plain text", () => {
    expect(parseMarkdown('<img src=x onerror="alert(1)"><script>alert(2)</script>')).toEqual([
      {
        type: "paragraph",
        children: [{ type: "text", text: '<img src=x onerror="alert(1)"><script>alert(2)</script>' }],
      },
    ]);
  });

  it("drops the target of a javascript:, data: or relative link and keeps its words", () => {
    for (const href of ["javascript:alert(1)", "JaVaScRiPt:alert(1)", "data:text/html;base64,PGI+", "/api/logout"]) {
      expect(parseInline(`[click](${href})`)).toEqual([{ type: "text", text: "click" }]);
    }
  });

  it("links bare URLs without their trailing punctuation", () => {
    expect(parseInline("see https://example.com/x.")).toEqual([
      { type: "text", text: "see " },
      { type: "link", href: "https://example.com/x", children: [{ type: "text", text: "https://example.com/x" }] },
      { type: "text", text: "." },
    ]);
  });

  it("reads headings, fenced code, lists, quotes and rules as blocks", () => {
    const text = "## Plan\n\n```sh\nrm -rf **not bold**\n```\n\n- one\n- two\n\n1. first\n\n> quoted\n\n---\nend";
    expect(parseMarkdown(text).map((block) => block.type)).toEqual([
      "heading",
      "code-block",
      "list",
      "list",
      "quote",
      "rule",
      "paragraph",
    ]);
    expect(parseMarkdown(text)[1]).toEqual({ type: "code-block", language: "sh", text: "rm -rf **not bold**" });
    expect(parseMarkdown("- one\n- two")).toEqual([
      {
        type: "list",
        ordered: false,
        items: [
          [{ type: "paragraph", children: [{ type: "text", text: "one" }] }],
          [{ type: "paragraph", children: [{ type: "text", text: "two" }] }],
        ],
      },
    ]);
  });

  it("leaves snake_case words and lone stars alone, and honours backslash escapes", () => {
    expect(parseInline("exec_shell_tool costs 2 * 3 \\*not em\\*")).toEqual([
      { type: "text", text: "exec_shell_tool costs 2 * 3 *not em*" },
    ]);
  });

  it("keeps an unclosed code fence's text to the end", () => {
    expect(parseMarkdown("```\nstreaming so far")).toEqual([
      { type: "code-block", language: "", text: "streaming so far" },
    ]);
  });
});
