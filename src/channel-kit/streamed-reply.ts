import type { Logger } from "pino";
import type { EditFailure, ReplyStream, StreamDelivery, StreamResume, StreamTransport } from "./reply-stream.js";

/** The timer functions a stream paces itself with (tests pass a fake clock). */
export interface StreamClock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(timer: unknown): void;
}

export interface StreamPacing {
  /** Fewest milliseconds between two requests on the preview (the setting, raised to the platform's floor). */
  intervalMs: number;
  /** The first text is shown once this many characters are written (default 40)... */
  firstTextChars?: number;
  /**
   * ...but not before this long after it began (default 300 ms), so that an answer complete by
   * then goes out as one message, without a preview and its edit...
   */
  quickAnswerMs?: number;
  /** ...or this long after the first text or status arrived (default 1 s). */
  firstTextAfterMs?: number;
  /** Tries of the final edit while it is rate limited (default 3). */
  finalAttempts?: number;
  clock?: StreamClock;
  /** A preview an earlier attempt showed: edited from the first text on, instead of posting a new one. */
  resume?: StreamResume;
}

/** The status line's elapsed time is shown from this age on, in steps of this size. */
const elapsedStepMs = 5_000;

const realClock: StreamClock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => {
    const timer = setTimeout(callback, ms);
    timer.unref();
    return timer;
  },
  clearTimeout: (timer) => clearTimeout(timer as NodeJS.Timeout),
};

/**
 * The shared part of streaming a reply, over one platform's {@link StreamTransport}: the
 * first text once it is long enough (or has waited long enough), then at most one request
 * on the preview per interval, each carrying the newest text; a status line while a tool
 * runs; a 429 skips edits until its retry-after; "not modified" is ignored; a deleted
 * preview makes the answer arrive as new messages; the final edit is the formatted answer,
 * left out when the preview shows it already. An answer complete before its first preview
 * would show goes out as one ordinary message.
 */
export class StreamedReply implements ReplyStream {
  readonly shown: Promise<void>;
  readonly #transport: StreamTransport;
  readonly #log: Logger;
  readonly #clock: StreamClock;
  readonly #intervalMs: number;
  readonly #firstTextChars: number;
  readonly #quickAnswerMs: number;
  readonly #firstTextAfterMs: number;
  readonly #finalAttempts: number;
  #markShown!: () => void;
  #text = "";
  #status: { label: string; since: number } | undefined;
  #firstContentAt: number | undefined;
  #previewId: string | undefined;
  /** The preview was deleted or cannot be edited (or never could be posted): no more edits. */
  #previewLost = false;
  /** What the preview shows now. */
  #shownText = "";
  #lastRequestAt = Number.NEGATIVE_INFINITY;
  #blockedUntil = 0;
  #inFlight: Promise<void> | undefined;
  #timer: unknown;
  #closed = false;

  constructor(transport: StreamTransport, pacing: StreamPacing, log: Logger) {
    this.#transport = transport;
    this.#log = log;
    this.#clock = pacing.clock ?? realClock;
    this.#intervalMs = pacing.intervalMs;
    this.#firstTextChars = pacing.firstTextChars ?? 40;
    this.#quickAnswerMs = pacing.quickAnswerMs ?? 300;
    this.#firstTextAfterMs = pacing.firstTextAfterMs ?? 1_000;
    this.#finalAttempts = pacing.finalAttempts ?? 3;
    this.shown = new Promise((resolve) => {
      this.#markShown = resolve;
    });
    this.#previewId = pacing.resume?.previewId;
  }

  get previewId(): string | undefined {
    return this.#previewLost ? undefined : this.#previewId;
  }

  update(textSoFar: string, status?: string): void {
    if (this.#closed) return;
    const now = this.#clock.now();
    this.#text = textSoFar;
    this.#status = status
      ? { label: status, since: this.#status?.label === status ? this.#status.since : now }
      : undefined;
    if (this.#firstContentAt === undefined && (textSoFar.trim() || status)) this.#firstContentAt = now;
    // New text can make the next request due sooner (the first text long enough, a status line gone).
    this.#clearTimer();
    this.#schedule();
  }

  async finish(finalText: string, delivery: StreamDelivery = {}): Promise<string[]> {
    await this.#close();
    const previewId = this.#previewLost ? undefined : this.#previewId;
    if (!previewId) return this.#transport.sendFrom(finalText, 0, delivery);
    const chunks = this.#transport.chunks(finalText);
    const [first] = chunks;
    if (first === undefined) return this.#transport.sendFrom(finalText, 0, delivery);
    const showing = this.#shownText !== "" && this.#transport.showsAsPreview(first, this.#shownText);
    if (!showing && !(await this.#editFinal(previewId, first))) {
      this.#log.info({ messageId: previewId }, "the streamed preview is gone; sending the answer as new messages");
      return this.#transport.sendFrom(finalText, 0, delivery);
    }
    await delivery.onChunkDelivered?.(0, chunks.length);
    return [previewId, ...(await this.#transport.sendFrom(finalText, 1, delivery))];
  }

  async fail(note: string): Promise<boolean> {
    await this.#close();
    const previewId = this.#previewLost ? undefined : this.#previewId;
    if (!previewId) return false;
    const text = this.#text.trim() ? `${this.#fitted(this.#text, note.length + 2)}\n\n${note}` : note;
    try {
      await this.#waitUntil(this.#blockedUntil);
      await this.#transport.edit(previewId, text);
      return true;
    } catch (error) {
      this.#log.warn({ err: error, messageId: previewId }, "could not add the failure note to the streamed preview");
      return false;
    }
  }

  /** Stops pacing and waits for the request in flight, so that nothing follows the final one. */
  async #close(): Promise<void> {
    this.#closed = true;
    this.#clearTimer();
    await this.#inFlight;
  }

  /** The final edit, waiting out rate limits. Resolves false when the preview is gone or cannot be edited. */
  async #editFinal(previewId: string, chunk: string): Promise<boolean> {
    for (let attempt = 1; ; attempt++) {
      await this.#waitUntil(this.#blockedUntil);
      try {
        await this.#transport.editFinal(previewId, chunk);
        return true;
      } catch (error) {
        const failure = this.#transport.classify(error);
        if (failure.type === "not-modified") return true;
        if (failure.type === "rate-limited" && attempt < this.#finalAttempts) {
          this.#blockedUntil = this.#clock.now() + failure.retryAfterMs;
          continue;
        }
        this.#log.warn({ err: error, messageId: previewId }, "the final edit of a streamed reply failed");
        return false;
      }
    }
  }

  /** The preview as it should look now: the text so far (cut to fit) and the status line. */
  #render(): string {
    const status = this.#statusLine();
    if (!status) return this.#fitted(this.#text, 0);
    if (!this.#text.trim()) return status;
    return `${this.#fitted(this.#text, status.length + 2)}\n\n${status}`;
  }

  #statusLine(): string | undefined {
    if (!this.#status) return undefined;
    const elapsed = this.#clock.now() - this.#status.since;
    const seconds = Math.floor(elapsed / elapsedStepMs) * (elapsedStepMs / 1000);
    return `⏳ ${this.#status.label}…${seconds > 0 ? ` (${seconds} s)` : ""}`;
  }

  /** `text` cut so that it and `reserved` more characters fit in one preview; a cut ends with "…". */
  #fitted(text: string, reserved: number): string {
    const room = this.#transport.previewLimit - reserved;
    const trimmed = text.trimEnd();
    return trimmed.length <= room ? trimmed : `${trimmed.slice(0, Math.max(0, room - 1)).trimEnd()}…`;
  }

  /** Arranges the next request on the preview, if there is something new to show and it is allowed. */
  #schedule(): void {
    if (this.#closed || this.#previewLost || this.#inFlight || this.#timer !== undefined) return;
    const now = this.#clock.now();
    const rendered = this.#render();
    let due: number;
    if (rendered === this.#shownText || !rendered.trim()) {
      // Nothing new; while a tool runs, come back when its elapsed time changes.
      if (!this.#status || this.#previewId === undefined) return;
      const elapsed = now - this.#status.since;
      due = this.#status.since + (Math.floor(elapsed / elapsedStepMs) + 1) * elapsedStepMs;
    } else if (this.#previewId === undefined) {
      const longEnough = this.#text.trim().length >= this.#firstTextChars;
      due = (this.#firstContentAt ?? now) + (longEnough ? this.#quickAnswerMs : this.#firstTextAfterMs);
    } else {
      due = this.#lastRequestAt + this.#intervalMs;
    }
    due = Math.max(due, this.#blockedUntil);
    if (due <= now) {
      this.#send(rendered);
      return;
    }
    this.#timer = this.#clock.setTimeout(() => {
      this.#timer = undefined;
      this.#schedule();
    }, due - now);
  }

  #send(text: string): void {
    this.#lastRequestAt = this.#clock.now();
    const previewId = this.#previewId;
    const request =
      previewId === undefined
        ? this.#transport.post(text).then((id) => {
            this.#previewId = id;
            this.#markShown();
          })
        : this.#transport.edit(previewId, text);
    this.#inFlight = request.then(
      () => {
        this.#shownText = text;
        // A resumed preview is visible again once edited.
        this.#markShown();
      },
      (error: unknown) => this.#failed(error, this.#transport.classify(error), previewId === undefined),
    );
    void this.#inFlight.finally(() => {
      this.#inFlight = undefined;
      this.#schedule();
    });
  }

  #failed(error: unknown, failure: EditFailure, posting: boolean): void {
    if (failure.type === "not-modified") return;
    if (failure.type === "rate-limited") {
      this.#blockedUntil = this.#clock.now() + failure.retryAfterMs;
      this.#log.debug({ retryAfterMs: failure.retryAfterMs }, "streamed reply rate limited; skipping edits");
      return;
    }
    if (failure.type === "failed" && !posting) {
      // A glitch: the next edit carries the newer text anyway.
      this.#log.debug({ err: error }, "an edit of the streamed preview failed; trying again at the next one");
      return;
    }
    // A preview deleted, not editable or never posted is given up: the answer arrives as new messages.
    this.#previewLost = true;
    this.#log.info(
      { err: error },
      posting ? "could not post the streamed preview" : "the streamed preview can no longer be edited",
    );
  }

  #waitUntil(time: number): Promise<void> {
    const wait = time - this.#clock.now();
    if (wait <= 0) return Promise.resolve();
    return new Promise((resolve) => this.#clock.setTimeout(resolve, wait));
  }

  #clearTimer(): void {
    if (this.#timer === undefined) return;
    this.#clock.clearTimeout(this.#timer);
    this.#timer = undefined;
  }
}
