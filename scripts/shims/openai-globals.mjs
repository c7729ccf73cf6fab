// What the bundled openai SDK sees as `Headers`, `FormData` and `globalThis.ReadableStream`
// (scripts/build.mjs). Node's own are lazy: the first use of `Headers` or `FormData` loads its
// bundled undici whole (13 MB resident on Node 20, 18 MB on Node 24), of `ReadableStream` the web
// streams (~3 MB). The SDK touches all three on every request, although skein hands it an HTTP
// client of its own: it builds the headers with `new Headers()` and asks of each JSON body whether
// it is a `FormData` or a `ReadableStream`.
export { LiteHeaders as Headers } from "../../src/util/lite-headers.ts";

/**
 * A stand-in for the global `name`: `new` makes Node's own; `instanceof` answers without loading
 * it, since an instance can only exist once it is loaded.
 */
function standIn(name) {
  return class {
    static [Symbol.hasInstance](value) {
      return value?.[Symbol.toStringTag] === name && value instanceof globalThis[name];
    }

    constructor(...args) {
      // biome-ignore lint/correctness/noConstructorReturn: whoever makes one gets Node's own.
      return new globalThis[name](...args);
    }
  };
}

export const FormData = standIn("FormData");
export const ReadableStream = standIn("ReadableStream");
