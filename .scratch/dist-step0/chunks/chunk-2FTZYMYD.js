#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);
function abortableSleep(ms, signal) {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
        clearTimeout(timer), reject(signal.reason);
      },
      timer = setTimeout(() => {
        signal?.removeEventListener("abort", onAbort), resolve();
      }, ms);
    signal?.addEventListener("abort", onAbort, { once: !0 });
  });
}
export { abortableSleep };
//# sourceMappingURL=chunk-2FTZYMYD.js.map
