import { type ComponentChild, h } from "preact";
import { type Block, type Inline, parseMarkdown } from "./markdown.js";

/** Renders Markdown text as Preact elements: every piece of text is a text node, never parsed as HTML. */
export function Markdown({ text }: { text: string }): ComponentChild {
  return h("div", { class: "markdown" }, parseMarkdown(text).map(block));
}

function block(node: Block): ComponentChild {
  switch (node.type) {
    case "paragraph":
      return h("p", null, node.children.map(inline));
    case "heading":
      return h(`h${Math.min(node.level + 2, 6)}`, null, node.children.map(inline));
    case "code-block":
      return h("pre", null, h("code", null, node.text));
    case "list":
      return h(
        node.ordered ? "ol" : "ul",
        null,
        node.items.map((item) => h("li", null, item.map(block))),
      );
    case "quote":
      return h("blockquote", null, node.children.map(block));
    case "rule":
      return h("hr", null);
  }
}

function inline(node: Inline): ComponentChild {
  switch (node.type) {
    case "text":
      return node.text;
    case "code":
      return h("code", null, node.text);
    case "break":
      return h("br", null);
    case "link":
      return h("a", { href: node.href, target: "_blank", rel: "noopener noreferrer" }, node.children.map(inline));
    default:
      return h(node.type, null, node.children.map(inline));
  }
}
