import { describe, expect, it } from "vitest";
import { chatCommandOf, parseCommandLine } from "../../../src/agent/commands/chat-commands.js";

describe("parsing a chat command", () => {
  it("reads the name, the @botname suffix and the argument of a command line", () => {
    expect(parseCommandLine("/model@Skein_Bot  backup/fb-model ")).toEqual({
      name: "model",
      bot: "Skein_Bot",
      argument: "backup/fb-model",
    });
    expect(parseCommandLine("/New")).toEqual({ name: "new", argument: "" });
    expect(parseCommandLine("/release-notes@skein_bot v2\nand more")).toEqual({
      name: "release-notes",
      bot: "skein_bot",
      argument: "v2\nand more",
    });
  });

  it("reads no command in text that does not start with one", () => {
    for (const text of ["hello /model", "/", "/ model", "//model", "/model/fb-model", "/usr/bin/env"])
      expect(parseCommandLine(text)).toBeUndefined();
  });

  it("knows /new, /help, /start (as /help), /model and /usage, with or without a bot's name", () => {
    const names = ["/new", "/help@b", "/start", "/model@b x", "/usage", "/weather@b"].map(
      (text) => chatCommandOf(parseCommandLine(text)!)?.name,
    );
    expect(names).toEqual(["new", "help", "help", "model", "usage", undefined]);
  });
});
