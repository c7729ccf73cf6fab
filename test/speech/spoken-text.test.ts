import { describe, expect, it } from "vitest";
import { spokenText } from "../../src/speech/spoken-text.js";

describe("the text a reply is read out as", () => {
  it("keeps the words of headings, emphasis, inline code, lists and quotes, without their marks", () => {
    expect(spokenText("# Plan\n\n**First**, run `npm test`.\n\n- one *fast* step\n- ~~no~~ two\n\n> quoted")).toBe(
      "Plan\nFirst, run npm test.\none fast step\nno two\nquoted",
    );
  });

  it("reads a table row by row, its cells joined by commas, and leaves code blocks out", () => {
    expect(spokenText("| a | b |\n|---|---|\n| 1 | 2 |\n\n```js\nconst x = 1;\n```\nDone.")).toBe("a, b\n1, 2\nDone.");
  });

  it("says a link's text, a bare URL's host, an image's alt text, and no HTML tags", () => {
    expect(
      spokenText("See [the guide](https://x.io/g), https://www.example.com/a?b=1 and <b>this</b> ![a chart](c.png)"),
    ).toBe("See the guide, example.com and this a chart");
  });

  it("takes out marks the parser left as text", () => {
    expect(spokenText("a ** b # c | d `e")).toBe("a b c d e");
  });

  it("is empty for a reply that is only code", () => {
    expect(spokenText("```\nls -la\n```")).toBe("");
  });
});
