import { describe, expect, it } from "vitest";
import { chunkRecorder } from "../../../src/agent/turn/turn-delivery.js";
import type { JournalEntry } from "../../../src/bus/journal.js";

function recordingEntry() {
  const records: string[] = [];
  const entry = {
    delivered: async (reply: number, chunk: number) => void records.push(`delivered ${reply}:${chunk}`),
    complete: async () => void records.push("complete"),
  } as unknown as JournalEntry;
  return { entry, records };
}

describe("recording a reply's delivered chunks in the journal", () => {
  it("records each chunk of a reply that is not the last", async () => {
    const { entry, records } = recordingEntry();
    const recorder = chunkRecorder(entry, 0, false);
    await recorder.onChunkDelivered(0, 2);
    await recorder.onChunkDelivered(1, 2);
    expect(records).toEqual(["delivered 0:0", "delivered 0:1"]);
    expect(recorder.completed).toBe(false);
  });

  it("completes the entry with the last chunk of the last reply, in one record instead of two", async () => {
    const { entry, records } = recordingEntry();
    const recorder = chunkRecorder(entry, 1, true);
    await recorder.onChunkDelivered(0, 2);
    await recorder.onChunkDelivered(1, 2);
    expect(records).toEqual(["delivered 1:0", "complete"]);
    expect(recorder.completed).toBe(true);
  });

  it("records a chunk as delivered when the channel does not say how many there are", async () => {
    const { entry, records } = recordingEntry();
    const recorder = chunkRecorder(entry, 0, true);
    await recorder.onChunkDelivered(0);
    expect(records).toEqual(["delivered 0:0"]);
    expect(recorder.completed).toBe(false);
  });
});
