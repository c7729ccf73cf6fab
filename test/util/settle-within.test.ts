import { describe, expect, it } from "vitest";
import { rejectOnAbort, settleWithin } from "../../src/util/settle-within.js";

describe("settleWithin", () => {
  it("says whether the promise settled in time, a rejection counting as settled", async () => {
    expect(await settleWithin(Promise.reject(new Error("boom")), 1_000)).toBe(true);
    expect(await settleWithin(new Promise(() => {}), 10)).toBe(false);
  });
});

describe("rejectOnAbort", () => {
  it("gives the promise's value when it settles first", async () => {
    expect(await rejectOnAbort(Promise.resolve(42), new AbortController().signal)).toBe(42);
  });

  it("rejects with the abort reason while the promise still hangs", async () => {
    const controller = new AbortController();
    const waiting = rejectOnAbort(new Promise(() => {}), controller.signal);

    controller.abort(new Error("gave up"));

    await expect(waiting).rejects.toThrow("gave up");
  });

  it("rejects at once when the signal is already aborted", async () => {
    await expect(rejectOnAbort(Promise.resolve(1), AbortSignal.abort(new Error("too late")))).rejects.toThrow(
      "too late",
    );
  });
});
