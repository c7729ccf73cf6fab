#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);

import { abortableSleep } from "./chunk-2FTZYMYD.js";
function backoffDelay(attempt, options = {}) {
  const ceiling = Math.min(options.maxDelayMs ?? 3e4, (options.baseDelayMs ?? 500) * 2 ** (attempt - 1));
  return Math.round(ceiling / 2 + (options.random ?? Math.random)() * (ceiling / 2));
}
async function withRetry(operation, options) {
  const attempts = options.attempts ?? 5,
    sleep = options.sleep ?? abortableSleep;
  for (let attempt = 1; ; attempt++) {
    options.signal?.throwIfAborted();
    try {
      return await operation(attempt);
    } catch (error) {
      const failure = options.classify(error);
      if (
        !failure.retryable ||
        attempt >= attempts ||
        (failure.retryAfterMs !== void 0 && failure.retryAfterMs > (options.maxRetryAfterMs ?? 3e5))
      )
        throw error;
      const delayMs = failure.retryAfterMs ?? backoffDelay(attempt, options);
      options.log?.warn(
        { attempt, attempts, delayMs, err: error },
        `${options.label ?? "platform call"} failed (attempt ${attempt} of ${attempts}); retrying in ${delayMs} ms`,
      ),
        await sleep(delayMs, options.signal);
    }
  }
}
var Backoff = class {
  #options;
  #failures = 0;
  constructor(options = {}) {
    this.#options = options;
  }
  get failures() {
    return this.#failures;
  }
  next(retryAfterMs) {
    return (this.#failures += 1), retryAfterMs ?? backoffDelay(this.#failures, this.#options);
  }
  reset() {
    this.#failures = 0;
  }
};
export { Backoff, backoffDelay, withRetry };
//# sourceMappingURL=chunk-5KQWCFOI.js.map
