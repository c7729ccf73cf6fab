import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startThreePlatforms } from "../support/three-platforms.js";

describe("skein start, the built CLI, streaming a short answer", () => {
  let daemon: Awaited<ReturnType<typeof startThreePlatforms>>;
  const answer = "All 212 tests passed on Node 20 and on Node 24, in three minutes.";

  beforeAll(async () => {
    daemon = await startThreePlatforms();
    // Streamed, as every reply to a chat that streams: the answer comes in two pieces at once.
    daemon.model.respondWith(() => ({ content: answer }));
    await daemon.askEverywhere("did the build pass?");
  }, 90_000);
  afterAll(() => daemon?.close());

  it.each([
    ["telegram", "sendMessage"],
    ["slack", "chat.postMessage"],
    ["discord", "POST"],
  ] as const)(
    "sends an answer complete before its first preview would show as one message on %s, with no edit",
    (platform, send) => {
      const outgoing = daemon.outgoing()[platform];
      expect(outgoing).toEqual([{ request: send, text: expect.stringContaining("All 212 tests passed") }]);
      expect(daemon.model.requests.every((request) => request.body.stream === true)).toBe(true);
    },
  );
});
