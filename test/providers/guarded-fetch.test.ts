import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { guardedFetch } from "../../src/providers/guarded-fetch.js";
import { HttpResponse } from "../../src/util/http-fetch.js";

const limits = { deadlineMs: 60_000, idleMs: 60_000 };

/** A fetch whose answer is `chunks`, all there at once, as a socket's buffer holds a fast server's answer. */
const answering = (contentType: string, chunks: Buffer[]) =>
  guardedFetch(
    async (input) => new HttpResponse(200, "OK", ["content-type", contentType], Readable.from(chunks), String(input)),
    limits,
  );

/** 2 MB of SSE events in 64 KB chunks that cut events anywhere. */
function sseChunks(): { text: string; chunks: Buffer[] } {
  const event = (index: number) =>
    `data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"${"a".repeat(200 + (index % 7))}"}}]}}]}\n\n`;
  const text = Array.from({ length: 8_500 }, (_, index) => event(index)).join("");
  const bytes = Buffer.from(text);
  const chunks: Buffer[] = [];
  for (let start = 0; start < bytes.length; start += 64 * 1024) chunks.push(bytes.subarray(start, start + 64 * 1024));
  return { text, chunks };
}

describe("a model answer's body, read through the guard", () => {
  it("lets the event loop turn while a large body that is all there at once is read", async () => {
    const { chunks } = sseChunks();
    for (const contentType of ["text/event-stream", "application/json"]) {
      const response = await answering(contentType, chunks)("http://model.test/v1/chat/completions");
      let turns = 0;
      let counting = true;
      const count = () => {
        turns++;
        if (counting) setImmediate(count);
      };
      setImmediate(count);
      let read = 0;
      for await (const piece of response.body!) read += piece.byteLength;
      counting = false;
      expect(read, contentType).toBe(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
      // Once each 64 KB at least: what other chats and /healthz wait for runs between them.
      expect(turns, contentType).toBeGreaterThanOrEqual(chunks.length - 1);
    }
  });
});
