import { describe, expect, it } from "vitest";
import { hasNestedQuantifier } from "../../../src/tools/builtin/search-files.js";

describe("hasNestedQuantifier", () => {
  it.each(["(a+)+$", "(a*)*b", "(x+x+)+y", "((ab)*c)+", "(\\w+\\s?)*$", "(a+){2,}"])(
    "flags %s as catastrophic",
    (pattern) => {
      expect(hasNestedQuantifier(pattern)).toBe(true);
    },
  );

  it.each(["function \\w+\\(", "(ab)+", "a+b*", "[(a+)]+", "\\(a+\\)+", "(a|b){2}"])("lets %s through", (pattern) => {
    expect(hasNestedQuantifier(pattern)).toBe(false);
  });
});
