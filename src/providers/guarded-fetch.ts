/**
 * A model server can send its headers and then stall: the SDK's timeout stops at the
 * headers. This fetch wrapper bounds the body too: the whole call (headers and body) by a
 * deadline, and an SSE stream by an idle limit between chunks. A body cut by the network
 * fails with a {@link BodyFault} as well, so that the provider can retry all of these.
 */

import { Readable } from "node:stream";
import { setImmediate as nextTurn } from "node:timers/promises";
import type { HttpFetch, HttpRequestInit } from "../util/http-fetch.js";

/** Why a model answer failed after its headers arrived; every kind is worth another try. */
export class BodyFault extends Error {
  override readonly name = "BodyFault";
  constructor(
    /** `deadline`: the whole call ran out of time; `stalled`: no chunk for the idle limit; `cut`: the body ended early. */
    readonly kind: "deadline" | "stalled" | "cut",
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** What one model call learns from its SSE body: whether the server ended it with `data: [DONE]`. */
export interface StreamWatch {
  sawDone: boolean;
}

/** The key under which a call passes its {@link StreamWatch} through the SDK's `fetchOptions`. */
export const streamWatchKey = Symbol("skein.stream-watch");

export interface BodyLimits {
  /** Headers and the whole body must arrive within this many milliseconds of the request. */
  deadlineMs: number;
  /** An SSE stream may go this long without a chunk. */
  idleMs: number;
}

const maxTimerMs = 2 ** 31 - 1;
/** After this much of a body, its reader lets the event loop turn (see {@link guardBody}). */
const BYTES_PER_TURN = 64 * 1024;

/** `fetchImpl` with the body of every answer bounded by `limits` (see the module comment). */
export function guardedFetch(fetchImpl: HttpFetch, limits: BodyLimits): HttpFetch {
  return async (input, init) => {
    const startedAt = Date.now();
    const { [streamWatchKey]: watched, ...rest } = (init ?? {}) as HttpRequestInit & { [streamWatchKey]?: StreamWatch };
    const response = await fetchImpl(input, rest);
    if (!response.body) return response;
    const isStream = response.headers.get("content-type")?.includes("text/event-stream") ?? false;
    const watch = isStream ? watched : undefined;
    if (watch) watch.sawDone = false;
    return response.withBody(
      guardBody(response.body, {
        deadlineAt: startedAt + limits.deadlineMs,
        idleMs: isStream ? limits.idleMs : Number.POSITIVE_INFINITY,
        watch,
      }),
    );
  };
}

export interface BodyGuard {
  /** The body must have ended by this time (epoch milliseconds). */
  deadlineAt: number;
  /** The longest wait for a chunk (infinite for a body that is not a stream). */
  idleMs: number;
  /** Told whether the body carried `data: [DONE]` (an SDK that reads the stream itself does not say). */
  watch?: StreamWatch | undefined;
}

/**
 * The chunks of `body` until it ends, the deadline passes or no chunk comes for the idle
 * limit (then the body is destroyed with a {@link BodyFault}); a reader that stops early
 * (`return()`) closes it.
 */
export async function* guardBody(body: AsyncIterable<Uint8Array>, guard: BodyGuard): AsyncGenerator<Uint8Array> {
  const source = body instanceof Readable ? body : Readable.from(body);
  let fault: BodyFault | undefined;
  const expire = (kind: "deadline" | "stalled") => () => {
    fault =
      kind === "deadline"
        ? new BodyFault("deadline", "the model's answer did not arrive in time")
        : new BodyFault("stalled", `the model's answer stalled (no data for ${guard.idleMs / 1000} s)`);
    source.destroy(fault);
  };
  const deadline = setTimeout(expire("deadline"), Math.min(maxTimerMs, Math.max(0, guard.deadlineAt - Date.now())));
  deadline.unref();
  const idle = Number.isFinite(guard.idleMs) ? setTimeout(expire("stalled"), guard.idleMs).unref() : undefined;
  let tail = "";
  let unbroken = 0;
  try {
    for await (const chunk of source as AsyncIterable<Uint8Array>) {
      idle?.refresh();
      if (guard.watch && !guard.watch.sawDone) {
        const text = tail + Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).toString("latin1");
        guard.watch.sawDone = text.includes("[DONE]");
        tail = text.slice(-8);
      }
      yield chunk;
      // Read on at once, each read's work ran in the same turn of the event loop as the next (libuv reads
      // a socket up to 32 times a turn): a streamed 1 MB tool call held it ~100 ms of CPU at a time.
      unbroken += chunk.byteLength;
      if (unbroken >= BYTES_PER_TURN) {
        unbroken = 0;
        await nextTurn();
      }
    }
  } catch (error) {
    throw fault ?? asBodyFault(error);
  } finally {
    clearTimeout(deadline);
    clearTimeout(idle);
  }
}

/** An abort stays an abort (the SDK ends a stream quietly on one); a connection lost mid-body is a cut. */
function asBodyFault(error: unknown): unknown {
  if (error instanceof BodyFault) return error;
  if (error instanceof Error && error.name === "AbortError") return error;
  return new BodyFault("cut", "the connection closed before the model's answer was complete", { cause: error });
}
