import { describe, expect, it } from "vitest";
import { isAllowed } from "../../src/access/allow-list.js";
import { message } from "./helpers.js";

describe("allow lists", () => {
  it("let nobody in when empty", () => {
    expect(isAllowed([], message())).toBe(false);
  });

  it("let everyone in with a star", () => {
    expect(isAllowed(["*"], message({ senderId: "42" }))).toBe(true);
  });

  it("match sender ids exactly", () => {
    expect(isAllowed(["42"], message({ senderId: "42" }))).toBe(true);
    expect(isAllowed(["42"], message({ senderId: "421" }))).toBe(false);
  });

  it("match usernames with or without @, ignoring case", () => {
    expect(isAllowed(["@Alice"], message({ senderId: "7", senderUsername: "alice" }))).toBe(true);
    expect(isAllowed(["alice"], message({ senderId: "7", senderUsername: "Alice" }))).toBe(true);
    expect(isAllowed(["alice"], message({ senderId: "7" }))).toBe(false);
    expect(isAllowed(["@bob"], message({ senderId: "7", senderUsername: "alice" }))).toBe(false);
  });

  it("let a whole group in by its chat id, but not a direct chat by someone else's id", () => {
    expect(isAllowed(["-1001"], message({ chatId: "-1001", senderId: "9", isDirect: false }))).toBe(true);
    expect(isAllowed(["-1001"], message({ chatId: "-1001", senderId: "9", isDirect: true }))).toBe(false);
  });
});
