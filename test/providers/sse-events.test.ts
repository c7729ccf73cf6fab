import { describe, expect, it } from "vitest";
import { type SseEvent, sseEvents } from "../../src/providers/sse-events.js";

async function eventsOf(...chunks: Array<string | Uint8Array>): Promise<SseEvent[]> {
  async function* body() {
    for (const chunk of chunks) yield typeof chunk === "string" ? new TextEncoder().encode(chunk) : chunk;
  }
  const events: SseEvent[] = [];
  for await (const event of sseEvents(body())) events.push(event);
  return events;
}

describe("the events of an SSE body", () => {
  it("dispatches each event at its empty line, with its event field", async () => {
    expect(await eventsOf("data: one\n\nevent: error\ndata: two\n\n")).toEqual([
      { event: null, data: "one" },
      { event: "error", data: "two" },
    ]);
  });

  it("joins an event's data lines with newlines and drops one leading space of each value", async () => {
    expect(await eventsOf("data:a\ndata:  b\ndata\n\n")).toEqual([{ event: null, data: "a\n b\n" }]);
  });

  it("reads lines ending in \\r\\n or \\r as well as \\n, also when a chunk ends between \\r and \\n", async () => {
    expect(await eventsOf("data: one\r", "\n\r", "\ndata: two\r\rdata: three\n\n")).toEqual([
      { event: null, data: "one" },
      { event: null, data: "two" },
      { event: null, data: "three" },
    ]);
  });

  it("takes a \r\n split between two chunks as one line end, not as two", async () => {
    expect(await eventsOf("data: a\r", "\ndata: b\r\n\r\n")).toEqual([{ event: null, data: "a\nb" }]);
  });

  it("skips comments and events without data", async () => {
    expect(await eventsOf(": keep-alive\n\nevent: ping\n\ndata: x\n\n")).toEqual([{ event: null, data: "x" }]);
  });

  it("joins a line written over many chunks, and a character whose UTF-8 bytes are split", async () => {
    const bytes = new TextEncoder().encode("data: héllo 🌍\n\n");
    const chunks = [...bytes].map((byte) => Uint8Array.of(byte));
    expect(await eventsOf(...chunks)).toEqual([{ event: null, data: "héllo 🌍" }]);
  });

  it("drops an event the body ends before its empty line", async () => {
    expect(await eventsOf("data: complete\n\ndata: cut")).toEqual([{ event: null, data: "complete" }]);
  });
});
