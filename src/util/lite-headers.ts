type HeadersInit = ConstructorParameters<typeof Headers>[0];
type EntryIterator = ReturnType<Headers["entries"]>;
type StringIterator = ReturnType<Headers["keys"]>;

/**
 * The Fetch standard's `Headers`, in plain JavaScript: what {@link HttpResponse} answers with and
 * what the built CLI gives the bundled openai SDK in place of the global one (scripts/build.mjs).
 * Node's `Headers` lives in its bundled undici, which the first `new Headers()` loads whole:
 * 13 MB of resident memory on Node 20 and 18 MB on Node 24, for a daemon that never calls fetch.
 */
export class LiteHeaders implements Headers {
  /** Values by lower-case name, in the order they were added. */
  readonly #values = new Map<string, string[]>();

  constructor(init?: HeadersInit | LiteHeaders) {
    if (!init) return;
    const pairs =
      Symbol.iterator in init ? (init as Iterable<readonly string[]>) : Object.entries(init as Record<string, string>);
    for (const pair of pairs) {
      if (pair.length !== 2) throw new TypeError("Headers: each header must be a [name, value] pair");
      this.append(pair[0]!, pair[1]!);
    }
  }

  append(name: string, value: string): void {
    const key = headerName(name);
    const values = this.#values.get(key);
    if (values) values.push(headerValue(value));
    else this.#values.set(key, [headerValue(value)]);
  }

  set(name: string, value: string): void {
    this.#values.set(headerName(name), [headerValue(value)]);
  }

  delete(name: string): void {
    this.#values.delete(headerName(name));
  }

  get(name: string): string | null {
    return this.#values.get(headerName(name))?.join(", ") ?? null;
  }

  getSetCookie(): string[] {
    return [...(this.#values.get("set-cookie") ?? [])];
  }

  has(name: string): boolean {
    return this.#values.has(headerName(name));
  }

  forEach(callback: (value: string, key: string, parent: Headers) => void, thisArg?: unknown): void {
    for (const [name, value] of this) callback.call(thisArg, value, name, this);
  }

  /** As the standard sorts them: by name, each `set-cookie` on its own, other names' values joined by ", ". */
  entries(): EntryIterator {
    return this.#entries() as EntryIterator;
  }

  *#entries(): Generator<[string, string]> {
    for (const name of [...this.#values.keys()].sort()) {
      const values = this.#values.get(name)!;
      if (name === "set-cookie") for (const value of values) yield [name, value];
      else yield [name, values.join(", ")];
    }
  }

  keys(): StringIterator {
    return Array.from(this.#entries(), ([name]) => name).values() as StringIterator;
  }

  values(): StringIterator {
    return Array.from(this.#entries(), ([, value]) => value).values() as StringIterator;
  }

  [Symbol.iterator](): EntryIterator {
    return this.entries();
  }

  get [Symbol.toStringTag](): string {
    return "Headers";
  }
}

const token = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

function headerName(name: string): string {
  const text = String(name);
  if (!token.test(text)) throw new TypeError(`Headers: invalid header name "${text}"`);
  return text.toLowerCase();
}

function headerValue(value: string): string {
  const text = String(value).replace(/^[\t\n\r ]+|[\t\n\r ]+$/g, "");
  if (/[\0\r\n]/.test(text)) throw new TypeError("Headers: a header value may not hold NUL, CR or LF");
  return text;
}
