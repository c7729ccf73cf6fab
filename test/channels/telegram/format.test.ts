import { describe, expect, it } from "vitest";
import { renderTelegramHtml, telegramLength, visibleText } from "../../../channels/telegram/format.js";
import { parseTelegramHtml } from "../../fakes/telegram-html.js";

describe("Markdown to Telegram HTML", () => {
  it("renders emphasis, code and links with Telegram's tags", () => {
    expect(renderTelegramHtml("**b** *i* ~~s~~ `c` [l](https://x.org/?a=1&b=2)")).toBe(
      '<b>b</b> <i>i</i> <s>s</s> <code>c</code> <a href="https://x.org/?a=1&amp;b=2">l</a>',
    );
  });

  it("renders a fenced code block with its language class, escaped", () => {
    expect(renderTelegramHtml("```ts\nif (a < b && c) {}\n```")).toBe(
      '<pre><code class="language-ts">if (a &lt; b &amp;&amp; c) {}</code></pre>',
    );
    expect(renderTelegramHtml("```\nplain\n```")).toBe("<pre>plain</pre>");
  });

  it("turns headings into bold lines and list items into bullet lines, paragraphs apart", () => {
    expect(renderTelegramHtml("# Title\n\nText.\n\n- one\n- two\n\n1. first\n2. second")).toBe(
      "<b>Title</b>\n\nText.\n\n• one\n• two\n\n1. first\n2. second",
    );
  });

  it("renders quotes as blockquote and task lists with boxes", () => {
    expect(renderTelegramHtml("> quoted **text**")).toBe("<blockquote>quoted <b>text</b></blockquote>");
    expect(renderTelegramHtml("- [x] done\n- [ ] todo")).toBe("• ☑ done\n• ☐ todo");
  });

  it("escapes raw HTML and stray angle brackets instead of passing them on", () => {
    expect(renderTelegramHtml("<p>hi</p> & 1 < 2 > 0")).toBe("&lt;p&gt;hi&lt;/p&gt; &amp; 1 &lt; 2 &gt; 0");
  });

  it("keeps the label but drops links with unsafe schemes", () => {
    expect(renderTelegramHtml("[click](javascript:alert(1))")).toBe("click");
  });

  it("always produces HTML that Telegram's parser accepts", () => {
    const fragments = [
      "**bold**",
      "_it_",
      "`co<de>`",
      "```py\nx = 1 < 2\n```",
      "# H",
      "- item",
      "1. one",
      "> q",
      "<div>",
      "a & b",
      "[l](https://e.com)",
      "|a|b|\n|-|-|\n|1|2|",
      "~~x~~",
      "***",
      "\\*not\\*",
      'tom\'s "q"',
      "😀",
      "**unclosed",
      "`",
    ];
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let sample = 0; sample < 300; sample++) {
      const parts = Array.from(
        { length: 1 + Math.floor(random() * 8) },
        () => fragments[Math.floor(random() * fragments.length)]!,
      );
      const markdown = parts.join(random() < 0.5 ? "\n\n" : " ");
      const html = renderTelegramHtml(markdown);
      const parsed = parseTelegramHtml(html);
      expect(parsed, `${JSON.stringify(markdown)} -> ${html}`).not.toHaveProperty("error");
      expect(visibleText(html)).toBe((parsed as { text: string }).text);
    }
  });

  it("measures the length Telegram counts: the text without tags", () => {
    expect(telegramLength("**bold** and `a<b`")).toBe("bold and a<b".length);
  });
});
