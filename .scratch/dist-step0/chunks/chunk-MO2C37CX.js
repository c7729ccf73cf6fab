#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);
var LiteHeaders = class {
    #values = new Map();
    constructor(init) {
      if (!init) return;
      const pairs = Symbol.iterator in init ? init : Object.entries(init);
      for (const pair of pairs) {
        if (pair.length !== 2) throw new TypeError("Headers: each header must be a [name, value] pair");
        this.append(pair[0], pair[1]);
      }
    }
    append(name, value) {
      const key = headerName(name),
        values = this.#values.get(key);
      values ? values.push(headerValue(value)) : this.#values.set(key, [headerValue(value)]);
    }
    set(name, value) {
      this.#values.set(headerName(name), [headerValue(value)]);
    }
    delete(name) {
      this.#values.delete(headerName(name));
    }
    get(name) {
      return this.#values.get(headerName(name))?.join(", ") ?? null;
    }
    getSetCookie() {
      return [...(this.#values.get("set-cookie") ?? [])];
    }
    has(name) {
      return this.#values.has(headerName(name));
    }
    forEach(callback, thisArg) {
      for (const [name, value] of this) callback.call(thisArg, value, name, this);
    }
    entries() {
      return this.#entries();
    }
    *#entries() {
      for (const name of [...this.#values.keys()].sort()) {
        const values = this.#values.get(name);
        if (name === "set-cookie") for (const value of values) yield [name, value];
        else yield [name, values.join(", ")];
      }
    }
    keys() {
      return Array.from(this.#entries(), ([name]) => name).values();
    }
    values() {
      return Array.from(this.#entries(), ([, value]) => value).values();
    }
    [Symbol.iterator]() {
      return this.entries();
    }
    get [Symbol.toStringTag]() {
      return "Headers";
    }
  },
  token = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
function headerName(name) {
  const text = String(name);
  if (!token.test(text)) throw new TypeError(`Headers: invalid header name "${text}"`);
  return text.toLowerCase();
}
function headerValue(value) {
  const text = String(value).replace(/^[\t\n\r ]+|[\t\n\r ]+$/g, "");
  if (/[\0\r\n]/.test(text)) throw new TypeError("Headers: a header value may not hold NUL, CR or LF");
  return text;
}
export { LiteHeaders };
//# sourceMappingURL=chunk-MO2C37CX.js.map
