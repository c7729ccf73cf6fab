#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);
async function settleWithin(promise, ms) {
  let timer,
    timeout = new Promise((resolve) => {
      (timer = setTimeout(() => resolve(!1), ms)), timer.unref();
    });
  try {
    return await Promise.race([
      promise.then(
        () => !0,
        () => !0,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
async function rejectOnAbort(promise, signal) {
  signal.throwIfAborted();
  let onAbort,
    aborted = new Promise((_, reject) => {
      (onAbort = () => reject(signal.reason)), signal.addEventListener("abort", onAbort, { once: !0 });
    });
  try {
    return await Promise.race([promise, aborted]);
  } finally {
    signal.removeEventListener("abort", onAbort);
  }
}
export { rejectOnAbort, settleWithin };
//# sourceMappingURL=chunk-TLEM5GPM.js.map
