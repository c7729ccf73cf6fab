import { describe, expect, it } from "vitest";
import { commandSegments } from "../../src/command-guard/command-policy.js";

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
