import { describe, expect, it } from "vitest";
import { globToRegExp } from "../../src/util/glob.js";

describe("globToRegExp", () => {
  it.each([
    ["*.ts", "a.ts", true],
    ["*.ts", "dir/a.ts", false],
    ["src/**/*.ts", "src/a.ts", true],
    ["src/**/*.ts", "src/x/y/a.ts", true],
    ["*.{md,txt}", "notes.txt", true],
    ["file?.js", "file1.js", true],
    ["[ab].js", "c.js", false],
    ["a.b", "aXb", false],
  ])("%s matches %s: %s", (glob, text, expected) => {
    expect(globToRegExp(glob).test(text)).toBe(expected);
  });
});
