import { pino } from "pino";
import { describe, expect, it } from "vitest";
import type { EditFailure, StreamTransport } from "../../src/channel-kit/reply-stream.js";
import { type StreamClock, StreamedReply } from "../../src/channel-kit/streamed-reply.js";

const log = pino({ level: "silent" });

/** A clock whose time moves only when the test says so. */
class FakeClock implements StreamClock {
  time = 0;
  #timers: Array<{ at: number; callback: () => void; id: number }> = [];
  #nextId = 1;
  now = () => this.time;
  setTimeout = (callback: () => void, ms: number) => {
    const id = this.#nextId++;
    this.#timers.push({ at: this.time + ms, callback, id });
    return id;
  };
  clearTimeout = (timer: unknown) => {
    this.#timers = this.#timers.filter((entry) => entry.id !== timer);
  };
  /** Moves time on by `ms`, running the timers that fall due (and what they start) in order. */
  async advance(ms: number): Promise<void> {
    const end = this.time + ms;
    for (;;) {
      await settle();
      const next = this.#timers.filter((entry) => entry.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!next) break;
      this.#timers = this.#timers.filter((entry) => entry !== next);
      this.time = Math.max(this.time, next.at);
      next.callback();
    }
    this.time = end;
    await settle();
  }
}

const settle = async () => {
  for (let round = 0; round < 10; round++) await Promise.resolve();
};

type Request = { at: number; type: "post" | "edit" | "final" | "send"; text: string };

/** A platform that records requests; `failures` answers the next requests of a type with an error. */
function fakeTransport(clock: FakeClock, previewLimit = 4_000) {
  const requests: Request[] = [];
  const failures: Partial<Record<Request["type"], EditFailure[]>> = {};
  let nextId = 1;
  const record = (type: Request["type"], text: string) => {
    requests.push({ at: clock.now(), type, text });
    const failure = failures[type]?.shift();
    if (failure) return Promise.reject(Object.assign(new Error(failure.type), { failure }));
    return Promise.resolve();
  };
  const chunks = (text: string) => text.match(/[\s\S]{1,100}/g) ?? [];
  const transport: StreamTransport = {
    previewLimit,
    post: (text) => record("post", text).then(() => String(nextId++)),
    edit: (_id, text) => record("edit", text),
    chunks,
    editFinal: (_id, chunk) => record("final", chunk),
    // `*` stands for formatting: a chunk with it looks different from its plain-text preview.
    showsAsPreview: (chunk, previewText) => !chunk.includes("*") && chunk.trim() === previewText,
    sendFrom: async (text, fromChunk, delivery) => {
      const ids: string[] = [];
      for (const [index, chunk] of chunks(text).entries()) {
        if (index < fromChunk) continue;
        await record("send", chunk);
        ids.push(String(nextId++));
        await delivery.onChunkDelivered?.(index);
      }
      return ids;
    },
    classify: (error) => (error as { failure: EditFailure }).failure,
  };
  return { transport, requests, failures };
}

/** A stream paced as on a platform; a long first text shows at once, unless `pacing` is the default one. */
function streamed(clock: FakeClock, previewLimit?: number, pacing: "default" | "immediate" = "immediate") {
  const platform = fakeTransport(clock, previewLimit);
  const quick = pacing === "immediate" ? { quickAnswerMs: 0 } : {};
  const reply = new StreamedReply(platform.transport, { intervalMs: 1_000, clock, ...quick }, log);
  return { ...platform, reply };
}

const sentence = "The quick brown fox jumps over the lazy dog. ";
/** An answer with formatting, which its plain-text preview does not show. */
const formatted = "The **quick** brown fox jumps over the lazy dog.";

describe("a streamed reply", () => {
  it("shows the first text once it is 40 characters long", async () => {
    const clock = new FakeClock();
    const { reply, requests } = streamed(clock);
    reply.update("Hello");
    await clock.advance(10);
    expect(requests).toEqual([]);
    reply.update(sentence);
    await clock.advance(0);
    expect(requests).toEqual([{ at: 10, type: "post", text: sentence.trim() }]);
  });

  it("shows a short first text after one second", async () => {
    const clock = new FakeClock();
    const { reply, requests } = streamed(clock);
    let shown = false;
    void reply.shown.then(() => {
      shown = true;
    });
    reply.update("Hello");
    await clock.advance(999);
    expect(requests).toEqual([]);
    await clock.advance(1);
    expect(requests).toEqual([{ at: 1_000, type: "post", text: "Hello" }]);
    expect(shown).toBe(true);
  });

  it("edits at most once per interval, each time with the newest text, which only grows", async () => {
    const clock = new FakeClock();
    const { reply, requests } = streamed(clock);
    let text = "";
    for (let tick = 0; tick < 50; tick++) {
      text += `word${tick} `;
      reply.update(text);
      await clock.advance(100);
    }
    await clock.advance(1_000);
    const edits = requests.filter((request) => request.type === "edit");
    expect(requests[0]!.type).toBe("post");
    expect(edits.length).toBeGreaterThanOrEqual(4);
    expect(edits.length).toBeLessThanOrEqual(5);
    const times = requests.map((request) => request.at);
    for (let index = 1; index < times.length; index++)
      expect(times[index]! - times[index - 1]!).toBeGreaterThanOrEqual(1_000);
    for (let index = 1; index < requests.length; index++)
      expect(requests[index]!.text.startsWith(requests[index - 1]!.text)).toBe(true);
    expect(requests.at(-1)!.text).toBe(text.trim());
  });

  it("shows a status line with the elapsed time while a tool runs, and drops it for the next text", async () => {
    const clock = new FakeClock();
    const { reply, requests } = streamed(clock);
    reply.update(sentence);
    await clock.advance(0);
    reply.update(sentence, "running exec_shell");
    await clock.advance(1_000);
    expect(requests.at(-1)!.text).toBe(`${sentence.trim()}\n\n⏳ running exec_shell…`);
    await clock.advance(5_000);
    expect(requests.at(-1)!.text).toBe(`${sentence.trim()}\n\n⏳ running exec_shell… (5 s)`);
    reply.update(`${sentence}Done.`);
    await clock.advance(1_000);
    expect(requests.at(-1)!.text).toBe(`${sentence}Done.`);
    const ids = await reply.finish(`${sentence}**Done.**`);
    expect(
      requests
        .filter((request) => request.type === "final")
        .map((request) => request.text)
        .join(""),
    ).toBe(`${sentence}**Done.**`);
    expect(ids).toHaveLength(1);
  });

  it("skips edits while rate limited and resumes after retry-after", async () => {
    const clock = new FakeClock();
    const { reply, requests, failures } = streamed(clock);
    failures.edit = [{ type: "rate-limited", retryAfterMs: 5_000 }];
    let text = sentence;
    reply.update(text);
    for (let tick = 0; tick < 80; tick++) {
      await clock.advance(100);
      text += "more ";
      reply.update(text);
    }
    const edits = requests.filter((request) => request.type === "edit");
    // The edit at 1 s is refused; the next one waits until 6 s.
    expect(edits[0]!.at).toBe(1_000);
    expect(edits[1]!.at).toBe(6_000);
  });

  it("ignores 'message is not modified'", async () => {
    const clock = new FakeClock();
    const { reply, requests, failures } = streamed(clock);
    failures.final = [{ type: "not-modified" }];
    reply.update(sentence);
    await clock.advance(0);
    expect(await reply.finish(formatted)).toEqual(["1"]);
    expect(requests.map((request) => request.type)).toEqual(["post", "final"]);
  });

  it("becomes the first chunk of a long answer, the others following as new messages in order", async () => {
    const clock = new FakeClock();
    const { reply, requests } = streamed(clock, 150);
    const answer = sentence.repeat(10);
    reply.update(answer);
    await clock.advance(0);
    const delivered: number[] = [];
    const ids = await reply.finish(answer, { onChunkDelivered: (index) => void delivered.push(index) });
    expect(requests[0]!.text.endsWith("…")).toBe(true);
    expect(requests[0]!.text.length).toBeLessThanOrEqual(150);
    const final = requests.filter((request) => request.type === "final" || request.type === "send");
    expect(final.map((request) => request.type)).toEqual(["final", "send", "send", "send", "send"]);
    expect(final.map((request) => request.text).join("")).toBe(answer);
    expect(delivered).toEqual([0, 1, 2, 3, 4]);
    expect(ids).toEqual(["1", "2", "3", "4", "5"]);
  });

  it("sends the answer as new messages when the preview was deleted", async () => {
    const clock = new FakeClock();
    const { reply, requests, failures } = streamed(clock);
    failures.edit = [{ type: "gone" }];
    reply.update(sentence);
    await clock.advance(0);
    reply.update(`${sentence} and more`);
    await clock.advance(1_000);
    reply.update(`${sentence} and even more`);
    await clock.advance(1_000);
    await reply.finish("The answer.");
    expect(requests.map((request) => request.type)).toEqual(["post", "edit", "send"]);
    expect(requests.at(-1)!.text).toBe("The answer.");
  });

  it("sends a quick short answer as an ordinary message", async () => {
    const clock = new FakeClock();
    const { reply, requests } = streamed(clock);
    reply.update("Hi!");
    expect(await reply.finish("Hi!")).toEqual(["1"]);
    expect(requests.map((request) => request.type)).toEqual(["send"]);
  });

  it("sends an answer complete within 0.3 s of its first text as one message, formatted", async () => {
    const clock = new FakeClock();
    const { reply, requests } = streamed(clock, undefined, "default");
    reply.update(sentence);
    await clock.advance(200);
    reply.update(`${sentence}${sentence}`);
    await clock.advance(99);
    expect(requests).toEqual([]);
    expect(await reply.finish(formatted)).toEqual(["1"]);
    expect(requests).toEqual([{ at: 299, type: "send", text: formatted }]);
  });

  it("shows a long first text 0.3 s after the answer began, when it is not complete by then", async () => {
    const clock = new FakeClock();
    const { reply, requests } = streamed(clock, undefined, "default");
    reply.update("Hello");
    await clock.advance(100);
    reply.update(sentence);
    await clock.advance(199);
    expect(requests).toEqual([]);
    await clock.advance(1);
    expect(requests).toEqual([{ at: 300, type: "post", text: sentence.trim() }]);
  });

  it("leaves out the final edit when the preview already shows the answer as it is", async () => {
    const clock = new FakeClock();
    const { reply, requests } = streamed(clock);
    reply.update(sentence);
    await clock.advance(0);
    const delivered: number[] = [];
    expect(await reply.finish(sentence, { onChunkDelivered: (index) => void delivered.push(index) })).toEqual(["1"]);
    expect(requests.map((request) => request.type)).toEqual(["post"]);
    expect(delivered).toEqual([0]);
  });

  it("waits for the preview being posted before the final edit", async () => {
    const clock = new FakeClock();
    const { reply, requests } = streamed(clock);
    reply.update(sentence);
    const ids = await reply.finish(formatted);
    expect(requests.map((request) => request.type)).toEqual(["post", "final"]);
    expect(ids).toEqual(["1"]);
  });

  it("leaves a failed stream's preview with a short note and no second copy", async () => {
    const clock = new FakeClock();
    const { reply, requests } = streamed(clock);
    reply.update(sentence, "running web_fetch");
    await clock.advance(0);
    expect(await reply.fail("(Sorry — the model stopped answering.)")).toBe(true);
    expect(requests.map((request) => request.type)).toEqual(["post", "edit"]);
    expect(requests.at(-1)!.text).toBe(`${sentence.trim()}\n\n(Sorry — the model stopped answering.)`);
    reply.update(`${sentence} late`);
    await clock.advance(5_000);
    expect(requests).toHaveLength(2);
  });

  it("says when a failure note could not be shown because nothing was", async () => {
    const clock = new FakeClock();
    const { reply, requests } = streamed(clock);
    reply.update("Hi");
    expect(await reply.fail("(Sorry.)")).toBe(false);
    expect(requests).toEqual([]);
  });
});
