import { describe, expect, it } from "vitest";
import { deliverChunks } from "../../src/channel-kit/deliver-chunks.js";

describe("deliverChunks", () => {
  it("sends from fromChunk on, waiting for each onChunkDelivered before the next chunk", async () => {
    const events: string[] = [];
    const ids = await deliverChunks(
      ["a", "b", "c"],
      {
        fromChunk: 1,
        onChunkDelivered: async (index) => {
          await new Promise((resolve) => setTimeout(resolve, 5));
          events.push(`delivered ${index}`);
        },
      },
      async (chunk, index) => {
        events.push(`send ${index} ${chunk}`);
        return `id-${index}`;
      },
    );
    expect(events).toEqual(["send 1 b", "delivered 1", "send 2 c", "delivered 2"]);
    expect(ids).toEqual(["id-1", "id-2"]);
  });

  it("stops before the next chunk once its signal is aborted", async () => {
    const controller = new AbortController();
    const sent: number[] = [];
    const delivery = deliverChunks(
      ["a", "b"],
      { signal: controller.signal, onChunkDelivered: () => controller.abort() },
      async (_, index) => {
        sent.push(index);
        return undefined;
      },
    );
    await expect(delivery).rejects.toThrow();
    expect(sent).toEqual([0]);
  });
});
