import { describe, expect, it } from "vitest";
import { apologies, apologyFor } from "../../../src/agent/turn/apology.js";
import { ShuttingDown, TurnTimeout, userMessageOf } from "../../../src/agent/turn/turn.js";
import type { InboundMessage } from "../../../src/bus/messages.js";
import { ProviderError } from "../../../src/providers/provider.js";

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
  const textFor = (reason: unknown) => apologyFor(reason, 90).text;

  it("says why the turn stopped: the time limit, a restart, the model, or anything else", () => {
    expect(textFor(new TurnTimeout())).toMatch(/longer than 90 s/);
    expect(textFor(new ShuttingDown())).toMatch(/restarting/);
    expect(textFor(new ProviderError("network", "cannot connect (ECONNREFUSED 127.0.0.1:9)"))).toBe(
      apologies.unreachable,
    );
    expect(textFor(new Error("disk full"))).toBe(apologies.internal);
  });

  it("has one fixed wording per kind of model failure, never the provider's text", () => {
    const cases: Array<[ProviderError, string]> = [
      [new ProviderError("rate-limit", "429 slow down", { status: 429 }), apologies.overloaded],
      [new ProviderError("server", "502 bad gateway at 10.0.0.3", { status: 502 }), apologies.overloaded],
      [new ProviderError("timeout", "no answer"), apologies.slowModel],
      [new ProviderError("auth", "401 Incorrect API key provided: sk-abc", { status: 401 }), apologies.misconfigured],
      [new ProviderError("bad-request", "404 model gpt-9 does not exist", { status: 404 }), apologies.misconfigured],
      [
        new ProviderError("bad-request", "400 This model's maximum context length is 128000 tokens", { status: 400 }),
        apologies.tooLong,
      ],
      [new ProviderError("bad-request", "400 invalid image", { status: 400 }), apologies.refused],
      [new ProviderError("bad-response", "unreadable answer"), apologies.unreadable],
    ];
    for (const [error, wording] of cases) expect(textFor(error)).toBe(wording);
  });

  it("asks the user to try again only where trying again can help", () => {
    const helps = ["rate-limit", "server", "timeout"] as const;
    const hopeless = ["auth", "network", "bad-request", "bad-response"] as const;
    for (const kind of helps) expect(textFor(new ProviderError(kind, "x"))).toMatch(/try again/);
    for (const kind of hopeless) expect(textFor(new ProviderError(kind, "x"))).not.toMatch(/try again/);
  });

  it("tells the operator which setting to fix when the key is refused or the server unreachable", () => {
    expect(apologyFor(new ProviderError("auth", "401", { status: 401 }), 90).advice?.message).toMatch(
      /OPENAI_API_KEY or providers\.openai\.api_key/,
    );
    expect(apologyFor(new ProviderError("network", "refused"), 90).advice?.message).toMatch(
      /providers\.openai\.base_url/,
    );
    expect(apologyFor(new ProviderError("server", "502"), 90).advice).toBeUndefined();
  });

  it("names the settings of the provider whose call failed", () => {
    const refused = new ProviderError("auth", "401", { status: 401 });
    refused.provider = "anthropic";
    expect(apologyFor(refused, 90).advice).toMatchObject({
      setting: "providers.anthropic.api_key",
      message: expect.stringMatching(/ANTHROPIC_API_KEY or providers\.anthropic\.api_key/),
    });
    const unreachable = new ProviderError("network", "refused");
    unreachable.provider = "local";
    expect(apologyFor(unreachable, 90).advice?.message).toMatch(/check providers\.local\.base_url and/);
  });
});

describe("the user message of a turn", () => {
  it("starts the text with the time it was sent, and in a group with its sender, naming the sender only in a group", () => {
    const sent = Date.parse("2025-01-31T09:05:30Z");
    expect(userMessageOf({ ...direct, receivedAt: sent }, "hi", sent)).toEqual({
      role: "user",
      content: "[Fri 2025-01-31 09:05 UTC] hi",
    });
    expect(userMessageOf({ ...direct, isDirect: false, receivedAt: sent }, "hi", sent)).toEqual({
      role: "user",
      content: `[Fri 2025-01-31 09:05 UTC, from ${direct.senderName} (id ${direct.senderId})] hi`,
      name: "Ada_L",
    });
  });

  it("shows the model when a message is answered once it is more than a minute late", () => {
    const sent = Date.parse("2025-01-31T09:05:30Z");
    expect(userMessageOf({ ...direct, receivedAt: sent }, "hi", sent + 60_000).content).toBe(
      "[Fri 2025-01-31 09:05 UTC] hi",
    );
    expect(userMessageOf({ ...direct, receivedAt: sent }, "hi", sent + 61_000).content).toBe(
      "[Fri 2025-01-31 09:05 UTC, answered Fri 2025-01-31 09:06 UTC] hi",
    );
  });

  it("marks a background result as a system note", () => {
    expect(userMessageOf({ ...direct, internal: true }, "done").content).toMatch(
      /^\[\w{3} [\d-]+ [\d:]+ UTC\] \[system note, not written by the user\] done$/,
    );
  });
});
