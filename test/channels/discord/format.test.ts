import { describe, expect, it } from "vitest";
import { toDiscordMarkdown } from "../../../channels/discord/format.js";

describe("Markdown for Discord", () => {
  it("passes what Discord renders through unchanged", () => {
    const text =
      "# Title\n\nSome **bold**, *italic*, ~~struck~~ and `code`.\n\n- one\n- two\n\n> quoted\n\n```ts\nconst a = 1;\n```\n";
    expect(toDiscordMarkdown(text)).toBe(text);
  });

  it("turns a table into an aligned code block", () => {
    const text = "Scores:\n\n| name | points |\n|------|-------:|\n| Alice | 3 |\n| Bob | 12 |\n\nThat's all.";
    expect(toDiscordMarkdown(text)).toBe(
      "Scores:\n\n```\nname  | points\n------+-------\nAlice | 3\nBob   | 12\n```\n\nThat's all.",
    );
  });

  it("turns headings deeper than ### into bold lines", () => {
    expect(toDiscordMarkdown("### Kept\n\n#### Deep heading\n\ntext")).toBe("### Kept\n\n**Deep heading**\n\ntext");
  });

  it("turns images into links, and leaves image syntax in code alone", () => {
    expect(
      toDiscordMarkdown('See ![a cat](https://example.com/cat.png "Cat") and ![](https://example.com/x.png).'),
    ).toBe("See [a cat](https://example.com/cat.png) and https://example.com/x.png.");
    const code = "```md\n![kept](https://example.com/k.png)\n```";
    expect(toDiscordMarkdown(code)).toBe(code);
    expect(toDiscordMarkdown("- item ![pic](https://example.com/p.png)")).toBe(
      "- item [pic](https://example.com/p.png)",
    );
  });

  it("keeps plain text exactly as it is", () => {
    expect(toDiscordMarkdown("just words\n")).toBe("just words\n");
    expect(toDiscordMarkdown("")).toBe("");
  });
});
