/**
 * A model server can send its headers and then stall: the SDK's timeout stops at the
 * headers. This fetch wrapper bounds the body too: the whole call (headers and body) by a
 * deadline, and an SSE stream by an idle limit between chunks. A body cut by the network
 * fails with a {@link BodyFault} as well, so that the provider can retry all of these.
 */

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

/** `fetchImpl` with the body of every answer bounded by `limits` (see the module comment). */
export function guardedFetch(fetchImpl: typeof fetch, limits: BodyLimits): typeof fetch {
  return async (input, init) => {
    const startedAt = Date.now();
    const { [streamWatchKey]: watched, ...rest } = (init ?? {}) as RequestInit & { [streamWatchKey]?: StreamWatch };
    const response = await fetchImpl(input, rest);
    if (!response.body) return response;
    const isStream = response.headers.get("content-type")?.includes("text/event-stream") ?? false;
    const watch = isStream ? watched : undefined;
    if (watch) watch.sawDone = false;
    const body = guardBody(response.body, {
      deadlineAt: startedAt + limits.deadlineMs,
      idleMs: isStream ? limits.idleMs : Number.POSITIVE_INFINITY,
      watch,
    });
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

interface BodyGuard {
  deadlineAt: number;
  idleMs: number;
  watch: StreamWatch | undefined;
}

function guardBody(source: ReadableStream<Uint8Array>, guard: BodyGuard): ReadableStream<Uint8Array> {
  const reader = source.getReader();
  let tail = "";
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const remaining = guard.deadlineAt - Date.now();
        // Made only when the timer fires: an error's stack trace costs more than the chunk it guards.
        const fault = () =>
          remaining <= guard.idleMs
            ? new BodyFault("deadline", "the model's answer did not arrive in time")
            : new BodyFault("stalled", `the model's answer stalled (no data for ${guard.idleMs / 1000} s)`);
        let timer: NodeJS.Timeout | undefined;
        const expired = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(fault()), Math.min(maxTimerMs, Math.max(0, remaining), guard.idleMs));
          timer.unref();
        });
        try {
          const chunk = await Promise.race([reader.read(), expired]);
          if (chunk.done) {
            controller.close();
            return;
          }
          if (guard.watch && !guard.watch.sawDone) {
            const text =
              tail + Buffer.from(chunk.value.buffer, chunk.value.byteOffset, chunk.value.length).toString("latin1");
            guard.watch.sawDone = text.includes("[DONE]");
            tail = text.slice(-8);
          }
          controller.enqueue(chunk.value);
        } catch (error) {
          const failure = asBodyFault(error);
          if (failure instanceof BodyFault) reader.cancel(failure).catch(() => undefined);
          controller.error(failure);
        } finally {
          clearTimeout(timer);
        }
      },
      cancel(reason) {
        return reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
}

/** An abort stays an abort (the SDK ends a stream quietly on one); a connection lost mid-body is a cut. */
function asBodyFault(error: unknown): unknown {
  if (error instanceof BodyFault) return error;
  if (error instanceof Error && error.name === "AbortError") return error;
  return new BodyFault("cut", "the connection closed before the model's answer was complete", { cause: error });
}
