import { describe, expect, it } from "vitest";
import { apology, ShuttingDown, TurnTimeout, userMessageOf } from "../../src/agent/turn.js";
import type { InboundMessage } from "../../src/bus/messages.js";
import { ProviderError } from "../../src/providers/provider.js";

const direct: InboundMessage = {
  id: "t:1",
  channel: "t",
  chatId: "c",
  senderId: "u1",
  senderName: "Ada L.",
  text: "hi",
  isDirect: true,
  receivedAt: 0,
};

describe("a turn's apology", () => {
  it("says why the turn stopped: the time limit, a restart, the model, or anything else", () => {
    expect(apology(new TurnTimeout(), 90)).toMatch(/longer than 90 s/);
    expect(apology(new ShuttingDown(), 90)).toMatch(/restarting/);
    expect(apology(new ProviderError("server", "connection refused"), 90)).toMatch(
      /couldn't reach the model \(connection refused\)/,
    );
    expect(apology(new Error("disk full"), 90)).toMatch(/went wrong on my side \(disk full\)/);
  });
});

describe("the user message of a turn", () => {
  it("keeps the text as written, naming the sender only in a group", () => {
    expect(userMessageOf(direct, "hi")).toEqual({ role: "user", content: "hi" });
    expect(userMessageOf({ ...direct, isDirect: false }, "hi")).toEqual({ role: "user", content: "hi", name: "Ada_L" });
  });

  it("marks a background result as a system note", () => {
    expect(userMessageOf({ ...direct, internal: true }, "done").content).toBe(
      "[system note, not written by the user] done",
    );
  });
});
