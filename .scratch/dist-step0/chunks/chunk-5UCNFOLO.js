#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);
import { lookup as dnsLookup } from "node:dns";
import { createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import { pipeline } from "node:stream/promises";
import { blockedAddressReason, checkLiteralHost, guardedLookup } from "./chunk-QI67DLSS.js";
var REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]),
  MAX_REDIRECTS = 5,
  sharedGuardedAgent;
async function redirectAgentFor(options, policy) {
  const { Agent } = await import("undici"),
    guarded = () => new Agent({ connect: { lookup: guardedLookup(options.lookup ?? dnsLookup, policy) } });
  return options.addressPolicy || options.lookup ? guarded() : ((sharedGuardedAgent ??= guarded()), sharedGuardedAgent);
}
async function downloadAttachment(source, options) {
  let { request } = await import("undici"),
    policy = options.addressPolicy ?? blockedAddressReason,
    timeout = new AbortController(),
    timer = setTimeout(() => timeout.abort(new Error("the download took too long")), options.timeoutMs ?? 6e4).unref(),
    signal = AbortSignal.any([options.signal, timeout.signal]),
    url = new URL(source.url),
    headers = source.headers ?? {},
    written = !1;
  try {
    for (let redirects = 0; ; redirects++) {
      redirects > 0 && checkLiteralHost(url.hostname, policy);
      const response = await request(url, {
          method: "GET",
          headers,
          signal,
          ...(redirects > 0 ? { dispatcher: await redirectAgentFor(options, policy) } : {}),
        }),
        location = headerValue(response.headers.location);
      if (REDIRECT_STATUSES.has(response.statusCode) && location) {
        if ((await response.body.dump(), redirects === MAX_REDIRECTS))
          return { type: "failed", reason: `more than ${MAX_REDIRECTS} redirects` };
        const next = new URL(location, url);
        if (next.protocol !== "http:" && next.protocol !== "https:")
          return { type: "failed", reason: `a redirect to a ${next.protocol} URL` };
        next.origin !== url.origin && (headers = {}), (url = next);
        continue;
      }
      if (response.statusCode < 200 || response.statusCode >= 300)
        return (
          await response.body.dump(), { type: "failed", reason: `the platform answered HTTP ${response.statusCode}` }
        );
      const declared = Number(headerValue(response.headers["content-length"]));
      if (Number.isFinite(declared) && declared > options.maxBytes)
        return response.body.destroy(), { type: "too-large", maxBytes: options.maxBytes, declaredBytes: declared };
      let bytes = 0,
        tooLarge = !1,
        capped = async function* (body) {
          for await (const chunk of body) {
            if (((bytes += chunk.length), bytes > options.maxBytes)) {
              tooLarge = !0;
              return;
            }
            yield chunk;
          }
        };
      if (
        ((written = !0),
        await pipeline(response.body, capped, createWriteStream(options.destination), { signal }),
        tooLarge)
      )
        return (
          response.body.destroy(),
          await rm(options.destination, { force: !0 }),
          { type: "too-large", maxBytes: options.maxBytes }
        );
      const contentType = headerValue(response.headers["content-type"]);
      return { type: "saved", path: options.destination, bytes, ...(contentType ? { contentType } : {}) };
    }
  } catch (error) {
    return (
      written && (await rm(options.destination, { force: !0 }).catch(() => {})),
      {
        type: "failed",
        reason: signal.aborted && !options.signal.aborted ? "the download took too long" : describe(error),
      }
    );
  } finally {
    clearTimeout(timer);
  }
}
function describe(error) {
  const cause = error.cause,
    root = cause instanceof Error && cause.code === "ESKEIN_BLOCKED_ADDRESS" ? cause : error;
  return root instanceof Error ? root.message : String(root);
}
function headerValue(value) {
  return (Array.isArray(value) ? value[0] : value) ?? "";
}
var realClock = {
    now: () => Date.now(),
    setTimeout: (callback, ms) => {
      const timer = setTimeout(callback, ms);
      return timer.unref(), timer;
    },
    clearTimeout: (timer) => clearTimeout(timer),
  },
  StreamedReply = class {
    shown;
    #transport;
    #log;
    #clock;
    #intervalMs;
    #firstTextChars;
    #quickAnswerMs;
    #firstTextAfterMs;
    #finalAttempts;
    #markShown;
    #text = "";
    #status;
    #firstContentAt;
    #previewId;
    #previewLost = !1;
    #shownText = "";
    #lastRequestAt = Number.NEGATIVE_INFINITY;
    #blockedUntil = 0;
    #inFlight;
    #timer;
    #closed = !1;
    constructor(transport, pacing, log) {
      (this.#transport = transport),
        (this.#log = log),
        (this.#clock = pacing.clock ?? realClock),
        (this.#intervalMs = pacing.intervalMs),
        (this.#firstTextChars = pacing.firstTextChars ?? 40),
        (this.#quickAnswerMs = pacing.quickAnswerMs ?? 300),
        (this.#firstTextAfterMs = pacing.firstTextAfterMs ?? 1e3),
        (this.#finalAttempts = pacing.finalAttempts ?? 3),
        (this.shown = new Promise((resolve) => {
          this.#markShown = resolve;
        })),
        (this.#previewId = pacing.resume?.previewId);
    }
    get previewId() {
      return this.#previewLost ? void 0 : this.#previewId;
    }
    update(textSoFar, status) {
      if (this.#closed) return;
      const now = this.#clock.now();
      (this.#text = textSoFar),
        (this.#status = status
          ? { label: status, since: this.#status?.label === status ? this.#status.since : now }
          : void 0),
        this.#firstContentAt === void 0 && (textSoFar.trim() || status) && (this.#firstContentAt = now),
        this.#clearTimer(),
        this.#schedule();
    }
    async finish(finalText, delivery = {}) {
      await this.#close();
      const previewId = this.#previewLost ? void 0 : this.#previewId;
      if (!previewId) return this.#transport.sendFrom(finalText, 0, delivery);
      const [first] = this.#transport.chunks(finalText);
      return first === void 0
        ? this.#transport.sendFrom(finalText, 0, delivery)
        : !(this.#shownText !== "" && this.#transport.showsAsPreview(first, this.#shownText)) &&
            !(await this.#editFinal(previewId, first))
          ? (this.#log.info(
              { messageId: previewId },
              "the streamed preview is gone; sending the answer as new messages",
            ),
            this.#transport.sendFrom(finalText, 0, delivery))
          : (await delivery.onChunkDelivered?.(0),
            [previewId, ...(await this.#transport.sendFrom(finalText, 1, delivery))]);
    }
    async fail(note) {
      await this.#close();
      const previewId = this.#previewLost ? void 0 : this.#previewId;
      if (!previewId) return !1;
      const text = this.#text.trim()
        ? `${this.#fitted(this.#text, note.length + 2)}

${note}`
        : note;
      try {
        return await this.#waitUntil(this.#blockedUntil), await this.#transport.edit(previewId, text), !0;
      } catch (error) {
        return (
          this.#log.warn(
            { err: error, messageId: previewId },
            "could not add the failure note to the streamed preview",
          ),
          !1
        );
      }
    }
    async #close() {
      (this.#closed = !0), this.#clearTimer(), await this.#inFlight;
    }
    async #editFinal(previewId, chunk) {
      for (let attempt = 1; ; attempt++) {
        await this.#waitUntil(this.#blockedUntil);
        try {
          return await this.#transport.editFinal(previewId, chunk), !0;
        } catch (error) {
          const failure = this.#transport.classify(error);
          if (failure.type === "not-modified") return !0;
          if (failure.type === "rate-limited" && attempt < this.#finalAttempts) {
            this.#blockedUntil = this.#clock.now() + failure.retryAfterMs;
            continue;
          }
          return this.#log.warn({ err: error, messageId: previewId }, "the final edit of a streamed reply failed"), !1;
        }
      }
    }
    #render() {
      const status = this.#statusLine();
      return status
        ? this.#text.trim()
          ? `${this.#fitted(this.#text, status.length + 2)}

${status}`
          : status
        : this.#fitted(this.#text, 0);
    }
    #statusLine() {
      if (!this.#status) return;
      const elapsed = this.#clock.now() - this.#status.since,
        seconds = Math.floor(elapsed / 5e3) * (5e3 / 1e3);
      return `\u23F3 ${this.#status.label}\u2026${seconds > 0 ? ` (${seconds} s)` : ""}`;
    }
    #fitted(text, reserved) {
      const room = this.#transport.previewLimit - reserved,
        trimmed = text.trimEnd();
      return trimmed.length <= room ? trimmed : `${trimmed.slice(0, Math.max(0, room - 1)).trimEnd()}\u2026`;
    }
    #schedule() {
      if (this.#closed || this.#previewLost || this.#inFlight || this.#timer !== void 0) return;
      let now = this.#clock.now(),
        rendered = this.#render(),
        due;
      if (rendered === this.#shownText || !rendered.trim()) {
        if (!this.#status || this.#previewId === void 0) return;
        const elapsed = now - this.#status.since;
        due = this.#status.since + (Math.floor(elapsed / 5e3) + 1) * 5e3;
      } else if (this.#previewId === void 0) {
        const longEnough = this.#text.trim().length >= this.#firstTextChars;
        due = (this.#firstContentAt ?? now) + (longEnough ? this.#quickAnswerMs : this.#firstTextAfterMs);
      } else due = this.#lastRequestAt + this.#intervalMs;
      if (((due = Math.max(due, this.#blockedUntil)), due <= now)) {
        this.#send(rendered);
        return;
      }
      this.#timer = this.#clock.setTimeout(() => {
        (this.#timer = void 0), this.#schedule();
      }, due - now);
    }
    #send(text) {
      this.#lastRequestAt = this.#clock.now();
      const previewId = this.#previewId,
        request =
          previewId === void 0
            ? this.#transport.post(text).then((id) => {
                (this.#previewId = id), this.#markShown();
              })
            : this.#transport.edit(previewId, text);
      (this.#inFlight = request.then(
        () => {
          (this.#shownText = text), this.#markShown();
        },
        (error) => this.#failed(error, this.#transport.classify(error), previewId === void 0),
      )),
        this.#inFlight.finally(() => {
          (this.#inFlight = void 0), this.#schedule();
        });
    }
    #failed(error, failure, posting) {
      if (failure.type !== "not-modified") {
        if (failure.type === "rate-limited") {
          (this.#blockedUntil = this.#clock.now() + failure.retryAfterMs),
            this.#log.debug({ retryAfterMs: failure.retryAfterMs }, "streamed reply rate limited; skipping edits");
          return;
        }
        if (failure.type === "failed" && !posting) {
          this.#log.debug({ err: error }, "an edit of the streamed preview failed; trying again at the next one");
          return;
        }
        (this.#previewLost = !0),
          this.#log.info(
            { err: error },
            posting ? "could not post the streamed preview" : "the streamed preview can no longer be edited",
          );
      }
    }
    #waitUntil(time) {
      const wait = time - this.#clock.now();
      return wait <= 0 ? Promise.resolve() : new Promise((resolve) => this.#clock.setTimeout(resolve, wait));
    }
    #clearTimer() {
      this.#timer !== void 0 && (this.#clock.clearTimeout(this.#timer), (this.#timer = void 0));
    }
  };
var fenceLine = /^ {0,3}(`{3,}|~{3,})([^\n]*)$/;
function fenceStateAfter(text, from, to, state) {
  let lineStart = from;
  for (; lineStart < to; ) {
    const newline = text.indexOf(
        `
`,
        lineStart,
      ),
      lineEnd = newline === -1 || newline > to ? to : newline,
      match = fenceLine.exec(text.slice(lineStart, lineEnd));
    if (match) {
      const marker = match[1],
        rest = match[2];
      state
        ? marker[0] === state.marker[0] &&
          marker.length >= state.marker.length &&
          rest.trim() === "" &&
          (state = void 0)
        : (marker.startsWith("`") && rest.includes("`")) || (state = { marker, info: rest.trim() });
    }
    lineStart = lineEnd + 1;
  }
  return state;
}
var boundaries = [
    {
      find: (text, before) =>
        text.lastIndexOf(
          `

`,
          before,
        ),
      skip: /^\n+/,
      anywhere: !1,
    },
    {
      find: (text, before) =>
        text.lastIndexOf(
          `
`,
          before,
        ),
      skip: /^\n/,
      anywhere: !1,
    },
    {
      find: (text, before) => Math.max(text.lastIndexOf(" ", before), text.lastIndexOf("	", before)),
      skip: /^[ \t]/,
      anywhere: !0,
    },
  ],
  candidatesPerKind = 8;
function chunkText(text, options) {
  const measure = options.measure ?? ((chunk) => chunk.length),
    { limit } = options;
  if (!(limit >= 1)) throw new RangeError(`chunk limit must be at least 1 (got ${limit})`);
  let chunks = [],
    start = 0,
    carried,
    build = (end, withFences) => {
      const body = text.slice(start, end).trimEnd(),
        open =
          carried && withFences
            ? `${carried.marker}${carried.info}
`
            : "",
        stillOpen = withFences && fenceStateAfter(text, start, end, carried);
      return {
        body,
        chunk:
          open +
          body +
          (stillOpen
            ? `
${stillOpen.marker}`
            : ""),
        stillOpen: stillOpen || void 0,
      };
    },
    fits = (end, withFences = !0) => {
      const { body, chunk } = build(end, withFences);
      return body.trim() !== "" && measure(chunk) <= limit;
    };
  for (; start < text.length && text.slice(start).trim() !== ""; ) {
    if (fits(text.length)) {
      chunks.push(build(text.length, !0).chunk);
      break;
    }
    let withFences = !0,
      longest = longestFit(start, text.length, (end2) => fits(end2, !0));
    if (
      (longest <= start && ((withFences = !1), (longest = longestFit(start, text.length, (end2) => fits(end2, !1)))),
      longest <= start)
    )
      throw new RangeError(`chunk limit ${limit} is too small for "${text.slice(start, start + 2)}"`);
    let end = longest,
      skip;
    for (const boundary of boundaries) {
      const found = findBoundary(text, start, longest, boundary, (at) => fits(at, withFences));
      if (found !== -1) {
        (end = found), (skip = boundary.skip);
        break;
      }
    }
    !skip && isHighSurrogate(text.charCodeAt(end - 1)) && end - 1 > start && (end -= 1);
    const built = build(end, withFences);
    if (
      (chunks.push(built.chunk),
      (carried = built.stillOpen),
      (start = end + (skip?.exec(text.slice(end, end + 256))?.[0].length ?? 0)),
      carried && closesAt(text, start, carried))
    ) {
      const newline = text.indexOf(
        `
`,
        start,
      );
      (start = newline === -1 ? text.length : newline + 1), (carried = void 0);
    }
  }
  return chunks;
}
function longestFit(start, max, fits) {
  let low = start,
    high = max;
  for (; low < high; ) {
    const middle = Math.ceil((low + high) / 2);
    fits(middle) ? (low = middle) : (high = middle - 1);
  }
  return low;
}
function findBoundary(text, start, longest, boundary, fits) {
  let lowest = boundary.anywhere ? start + 1 : start + Math.max(1, Math.floor((longest - start) / 2)),
    before = longest;
  for (let tries = 0; tries < candidatesPerKind; tries++) {
    const at = boundary.find(text, before);
    if (at < lowest) return -1;
    if (at <= longest && fits(at)) return at;
    before = at - 1;
  }
  return -1;
}
function closesAt(text, start, carried) {
  const newline = text.indexOf(
    `
`,
    start,
  );
  return fenceStateAfter(text, start, newline === -1 ? text.length : newline, carried) === void 0;
}
function isHighSurrogate(code) {
  return code >= 55296 && code <= 56319;
}
var REFUSED_NOTICE = "(I wrote a reply, but it could not be delivered here.)",
  maxSplits = 3;
async function sendRefusable(chunk, options, splits = 0) {
  try {
    return [await options.send(chunk)];
  } catch (error) {
    const refusal = options.classify(error);
    if (!refusal) throw error;
    const where = { chatId: options.chatId, platform: options.platform, reason: errorText(error) };
    if (refusal.type === "too-long" && splits < maxSplits && chunk.length > 1) {
      options.log.warn({ ...where, chars: chunk.length }, "the platform refused a chunk as too long; splitting it");
      const ids = [];
      for (const piece of chunkText(chunk, { limit: Math.ceil(chunk.length / 2) }))
        ids.push(...(await sendRefusable(piece, options, splits + 1)));
      return ids;
    }
    throw (
      (options.log.error(where, "the platform refused a reply for good"),
      refusal.type !== "unreachable" &&
        (await options.sendNotice(REFUSED_NOTICE).catch((noticeError) => {
          options.log.warn({ ...where, err: noticeError }, "the notice about a refused reply could not be sent either");
        })),
      error)
    );
  }
}
function errorText(error) {
  return error instanceof Error ? error.message : String(error);
}
export { chunkText, downloadAttachment, StreamedReply, sendRefusable };
//# sourceMappingURL=chunk-5UCNFOLO.js.map
