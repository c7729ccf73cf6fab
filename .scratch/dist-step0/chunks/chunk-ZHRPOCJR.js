#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);
var WriteTimeout = class extends Error {
  code = "timeout";
  constructor(path, ms) {
    super(`writing ${path} did not finish within ${ms} ms`), (this.name = "WriteTimeout");
  }
};
function writeErrorCause(error) {
  const code = error?.code;
  return typeof code == "string" ? code : "error";
}
var WriteHealth = class {
  #log;
  #now;
  #failing = new Map();
  constructor(options) {
    (this.#log = options.log), (this.#now = options.now ?? Date.now);
  }
  failed(store, path, error, consequence) {
    const cause = writeErrorCause(error),
      text = error instanceof Error ? error.message : String(error),
      earlier = this.#failing.get(store);
    this.#failing.set(store, { store, path, cause, error: text, since: earlier?.since ?? this.#now() }),
      earlier?.cause !== cause &&
        this.#log.error({ store, path, cause, err: error }, `cannot write ${path} (${cause}): ${consequence}`);
  }
  succeeded(store) {
    const failure = this.#failing.get(store);
    if (!failure) return;
    this.#failing.delete(store);
    const seconds = Math.round((this.#now() - failure.since) / 1e3);
    this.#log.info({ store, path: failure.path, failedForSeconds: seconds }, `writes of the ${store} succeed again`);
  }
  isFailing(store) {
    return this.#failing.has(store);
  }
  get failures() {
    return [...this.#failing.values()].sort((a, b) => a.since - b.since);
  }
};
async function writeWithin(work, path, ms) {
  let timer,
    late = new Promise((_, reject) => {
      (timer = setTimeout(() => reject(new WriteTimeout(path, ms)), ms)), timer.unref();
    });
  work.catch(() => {});
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}
export { WriteHealth, writeWithin };
//# sourceMappingURL=chunk-ZHRPOCJR.js.map
