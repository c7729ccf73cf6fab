import { Writable } from "node:stream";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { classifyHttpStatus } from "../../src/channel-kit/delivery.js";
import { backoffDelay, type FailureClass, withRetry } from "../../src/util/retry.js";
import { abortableSleep } from "../../src/util/sleep.js";

class HttpFailure extends Error {
  constructor(
    readonly status: number,
    readonly retryAfterMs?: number,
  ) {
    super(`HTTP ${status}`);
  }
}

const classify = (error: unknown): FailureClass =>
  error instanceof HttpFailure ? classifyHttpStatus(error.status, error.retryAfterMs) : { retryable: true };

/** A script of outcomes, one per try: an error to throw or a value to return. */
function scripted(...outcomes: Array<Error | string>) {
  const calls: number[] = [];
  const operation = async (attempt: number) => {
    calls.push(attempt);
    const outcome = outcomes.shift();
    if (outcome instanceof Error) throw outcome;
    return outcome;
  };
  return { operation, calls };
}

function recordingSleep() {
  const delays: number[] = [];
  return { delays, sleep: async (ms: number) => void delays.push(ms) };
}

function captureLog() {
  const lines: Array<Record<string, unknown>> = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { lines, log: pino({ level: "debug" }, destination) };
}

describe("withRetry", () => {
  it("returns the first success without waiting", async () => {
    const { operation, calls } = scripted("ok");
    const { delays, sleep } = recordingSleep();
    await expect(withRetry(operation, { classify, sleep })).resolves.toBe("ok");
    expect(calls).toEqual([1]);
    expect(delays).toEqual([]);
  });

  it("retries network errors and 5xx with exponential backoff and jitter, then succeeds", async () => {
    const { operation, calls } = scripted(new Error("ECONNRESET"), new HttpFailure(502), new HttpFailure(500), "sent");
    const { delays, sleep } = recordingSleep();
    const result = await withRetry(operation, { classify, sleep, baseDelayMs: 100, random: () => 0 });
    expect(result).toBe("sent");
    expect(calls).toEqual([1, 2, 3, 4]);
    expect(delays).toEqual([50, 100, 200]);
  });

  it("keeps the jitter within half and all of the capped backoff", () => {
    expect(backoffDelay(1, { baseDelayMs: 100, random: () => 0.999999 })).toBe(100);
    expect(backoffDelay(3, { baseDelayMs: 100, random: () => 0.5 })).toBe(300);
    expect(backoffDelay(20, { baseDelayMs: 100, maxDelayMs: 1_000, random: () => 0 })).toBe(500);
  });

  it("waits exactly what a 429's retry-after asks", async () => {
    const { operation } = scripted(new HttpFailure(429, 3_000), "sent");
    const { delays, sleep } = recordingSleep();
    await withRetry(operation, { classify, sleep });
    expect(delays).toEqual([3_000]);
  });

  it("does not wait for a retry-after longer than the allowed maximum", async () => {
    const failure = new HttpFailure(429, 3_600_000);
    const { operation, calls } = scripted(failure, "sent");
    const { sleep } = recordingSleep();
    await expect(withRetry(operation, { classify, sleep })).rejects.toBe(failure);
    expect(calls).toEqual([1]);
  });

  it("never retries a permanent 4xx", async () => {
    const failure = new HttpFailure(400);
    const { operation, calls } = scripted(failure, "sent");
    const { delays, sleep } = recordingSleep();
    await expect(withRetry(operation, { classify, sleep })).rejects.toBe(failure);
    expect(calls).toEqual([1]);
    expect(delays).toEqual([]);
  });

  it("throws the last error when the tries are used up", async () => {
    const last = new HttpFailure(503);
    const { operation, calls } = scripted(new HttpFailure(500), new HttpFailure(500), last);
    const { sleep } = recordingSleep();
    await expect(withRetry(operation, { classify, sleep, attempts: 3 })).rejects.toBe(last);
    expect(calls).toEqual([1, 2, 3]);
  });

  it("logs each retry at warn with the attempt and the delay", async () => {
    const { lines, log } = captureLog();
    const { operation } = scripted(new HttpFailure(500), new HttpFailure(429, 1_000), "sent");
    const { sleep } = recordingSleep();
    await withRetry(operation, {
      classify,
      sleep,
      log,
      label: "telegram sendMessage",
      random: () => 0,
      baseDelayMs: 200,
    });
    expect(lines.map((line) => [line.level, line.attempt, line.delayMs])).toEqual([
      [40, 1, 100],
      [40, 2, 1_000],
    ]);
    expect(String(lines[0]!.msg)).toContain("telegram sendMessage");
  });

  it("stops waiting at once when aborted, and starts no further try", async () => {
    const controller = new AbortController();
    const { operation, calls } = scripted(new HttpFailure(500), "sent");
    let waiting!: () => void;
    const waitStarted = new Promise<void>((resolve) => {
      waiting = resolve;
    });
    const sleep = (ms: number, signal?: AbortSignal) => {
      waiting();
      return abortableSleep(ms, signal);
    };
    const retry = withRetry(operation, { classify, baseDelayMs: 60_000, signal: controller.signal, sleep });
    // Aborted while it waits before the second try.
    await waitStarted;
    controller.abort(new Error("shutting down"));
    await expect(retry).rejects.toThrow("shutting down");
    expect(calls).toEqual([1]);
  });
});

describe("abortableSleep", () => {
  it("clears its timer when aborted", async () => {
    const timers = () => process.getActiveResourcesInfo().filter((name) => name === "Timeout").length;
    const before = timers();
    const controller = new AbortController();
    const sleeping = abortableSleep(60_000, controller.signal);
    expect(timers()).toBe(before + 1);
    controller.abort(new Error("stop"));
    await expect(sleeping).rejects.toThrow("stop");
    expect(timers()).toBe(before);
  });
});

describe("classifyHttpStatus", () => {
  it("treats network errors, 408, 429 and 5xx as transient and other statuses as permanent", () => {
    expect(classifyHttpStatus(undefined).retryable).toBe(true);
    expect(classifyHttpStatus(408).retryable).toBe(true);
    expect(classifyHttpStatus(429, 2_000)).toEqual({ retryable: true, retryAfterMs: 2_000 });
    expect(classifyHttpStatus(503).retryable).toBe(true);
    expect(classifyHttpStatus(400).retryable).toBe(false);
    expect(classifyHttpStatus(403).retryable).toBe(false);
  });
});
