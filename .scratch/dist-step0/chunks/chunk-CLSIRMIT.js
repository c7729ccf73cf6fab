#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);
var levels = { 10: "trace", 20: "debug", 30: "info", 40: "warn", 50: "error", 60: "fatal" };
function levelNumber(name) {
  const found = Object.entries(levels).find(([, level]) => level === name);
  return found ? Number(found[0]) : void 0;
}
var LogRing = class {
  constructor(capacity = 1e3) {
    this.capacity = capacity;
  }
  capacity;
  #lines = [];
  #next = 0;
  #listeners = new Set();
  add = (line) => {
    this.#lines.length < this.capacity ? this.#lines.push(line) : (this.#lines[this.#next] = line),
      (this.#next = (this.#next + 1) % this.capacity);
    for (const listener of this.#listeners) listener(line);
  };
  read(filter = () => !0, limit = this.capacity) {
    const ordered =
        this.#lines.length < this.capacity
          ? this.#lines
          : [...this.#lines.slice(this.#next), ...this.#lines.slice(0, this.#next)],
      lines = [];
    for (const text of ordered) {
      const line = parseLine(text);
      line && filter(line) && lines.push(line);
    }
    return lines.slice(-limit);
  }
  onLine(listener) {
    return this.#listeners.add(listener), () => this.#listeners.delete(listener);
  }
};
function parseLine(text) {
  try {
    const record = JSON.parse(text),
      { level, time, msg, ...rest } = record;
    return {
      ...rest,
      time: new Date(typeof time == "number" ? time : Date.now()).toISOString(),
      level: typeof level == "number" ? (levels[level] ?? String(level)) : String(level),
      msg: typeof msg == "string" ? msg : "",
    };
  } catch {
    return;
  }
}
export { LogRing, levelNumber, parseLine };
//# sourceMappingURL=chunk-CLSIRMIT.js.map
