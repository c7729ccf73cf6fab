import { describe, expect, it } from "vitest";
import { CappedOutput } from "../../../src/tools/builtin/capped-output.js";
import { commandSegments } from "../../../src/tools/builtin/command-policy.js";
import { globToRegExp } from "../../../src/tools/builtin/glob.js";
import { commandEnvironment } from "../../../src/tools/builtin/safe-env.js";
import { hasNestedQuantifier } from "../../../src/tools/builtin/search-files.js";

describe("CappedOutput", () => {
  it("keeps everything that fits", () => {
    const output = new CappedOutput(4, 4);
    output.push(Buffer.from("12345678"));
    expect(output.text()).toBe("12345678");
    expect(output.truncated).toBe(false);
  });

  it("keeps the head and the tail across many chunks and counts what it dropped", () => {
    const output = new CappedOutput(5, 5);
    for (const chunk of ["abc", "defgh", "ijklmnop", "qrstu", "vwxyz"]) output.push(Buffer.from(chunk));
    expect(output.text()).toBe("abcde\n[... 16 bytes omitted (26 in total) ...]\nvwxyz");
    expect(output.truncated).toBe(true);
    expect(output.totalBytes).toBe(26);
  });
});

describe("commandSegments", () => {
  it("splits at &&, ||, ;, |, & and newlines but not inside redirections", () => {
    expect(commandSegments("a && b || c; d | e & f\ng 2>&1 |& h")).toEqual([
      "a",
      "b",
      "c",
      "d",
      "e",
      "f",
      "g 2>&1",
      "h",
    ]);
  });
});

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

describe("commandEnvironment", () => {
  it("keeps only the safe base of the daemon's environment, plus the configured extras", () => {
    expect(
      commandEnvironment(
        { PATH: "/bin", HOME: "/h", OPENAI_API_KEY: "sk", DISCORD_TOKEN: "t", AWS_SECRET_ACCESS_KEY: "s" },
        { EXTRA: "1" },
      ),
    ).toEqual({ PATH: "/bin", HOME: "/h", EXTRA: "1" });
  });
});

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
