import { describe, expect, it } from "vitest";
import { LiteHeaders } from "../../src/util/lite-headers.js";

/** What a Headers shows of itself: its entries in order, and some lookups. */
function shown(headers: Headers) {
  return {
    entries: [...headers],
    keys: [...headers.keys()],
    values: [...headers.values()],
    contentType: headers.get("Content-Type"),
    missing: headers.get("x-missing"),
    hasAccept: headers.has("ACCEPT"),
    cookies: headers.getSetCookie(),
  };
}

describe("LiteHeaders, the daemon's Headers that does not load Node's fetch", () => {
  it("behaves as Node's own Headers: lower-case names, sorted entries, joined values, set-cookie kept apart", () => {
    const init: [string, string][] = [
      ["X-Trace", "  a  "],
      ["Content-Type", "application/json"],
      ["set-cookie", "a=1"],
      ["Set-Cookie", "b=2"],
      ["x-trace", "b"],
      ["Accept", "text/event-stream"],
    ];
    const lite = new LiteHeaders(init);
    const node = new Headers(init);
    expect(shown(lite)).toEqual(shown(node));

    for (const headers of [lite, node]) {
      headers.set("X-Trace", "c");
      headers.delete("accept");
      headers.append("content-type", "charset=utf-8");
    }
    expect(shown(lite)).toEqual(shown(node));
    expect(shown(new LiteHeaders({ Authorization: "Bearer x" }))).toEqual(
      shown(new Headers({ Authorization: "Bearer x" })),
    );
    expect(shown(new LiteHeaders(lite))).toEqual(shown(node));

    const seen: string[] = [];
    lite.forEach((value, name) => {
      seen.push(`${name}=${value}`);
    });
    expect(seen).toEqual([...node].map(([name, value]) => `${name}=${value}`));
    expect(Object.prototype.toString.call(lite)).toBe("[object Headers]");
  });

  it("refuses what Node's Headers refuses: a name that is not a token, a value with CR or LF", () => {
    for (const make of [
      (init: [string, string][]) => new LiteHeaders(init),
      (init: [string, string][]) => new Headers(init),
    ]) {
      expect(() => make([["bad name", "x"]])).toThrow(TypeError);
      expect(() => make([["x-injected", "a\r\nx-evil: 1"]])).toThrow(TypeError);
    }
  });
});
