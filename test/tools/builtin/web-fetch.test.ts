import { createServer, type Server } from "node:http";
import type { AddressInfo, LookupFunction } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MAX_BODY_BYTES, type WebFetchOptions, webFetchTool } from "../../../src/tools/builtin/web-fetch.js";
import type { ToolError } from "../../../src/tools/tool.js";
import { blockedAddressReason } from "../../../src/util/ssrf-guard.js";
import { runTool } from "./tool-harness.js";

let server: Server;
let base: string;
let port: number;
let hits: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://x");
    hits.push(`${request.method} ${url.pathname}`);
    const redirect = /^\/hop\/(\d+)$/.exec(url.pathname);
    if (redirect) {
      const left = Number(redirect[1]);
      response.writeHead(302, { location: left > 0 ? `/hop/${left - 1}` : "/text" });
      return response.end();
    }
    switch (url.pathname) {
      case "/text":
        response.writeHead(200, { "content-type": "text/plain; charset=utf-8" });
        return response.end("plain text");
      case "/html":
        response.writeHead(200, { "content-type": "text/html" });
        return response.end(
          `<html><head><style>body{color:red}</style><script>alert("x")</script></head>` +
            `<body><h1>Title</h1><p>Some <a href="https://example.com">link</a>.</p></body></html>`,
        );
      case "/big": {
        response.writeHead(200, { "content-type": "text/plain" });
        const chunk = "a".repeat(64 * 1024);
        for (let index = 0; index < 32; index++) response.write(chunk); // 2 MB
        return response.end();
      }
      case "/image":
        response.writeHead(200, { "content-type": "image/png" });
        return response.end(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
      case "/echo":
        response.writeHead(200, { "content-type": "application/json" });
        return response.end(JSON.stringify({ method: request.method, auth: request.headers.authorization ?? null }));
      case "/to-private":
        response.writeHead(302, { location: "http://10.0.0.1/admin" });
        return response.end();
      case "/to-mapped-loopback":
        response.writeHead(302, { location: `http://[::ffff:127.0.0.1]:${port}/text` });
        return response.end();
      case "/to-internal-name":
        response.writeHead(301, { location: `http://internal.test:${port}/text` });
        return response.end();
      case "/to-file":
        response.writeHead(302, { location: "file:///etc/passwd" });
        return response.end();
      case "/to-other-origin":
        response.writeHead(302, { location: `http://other.test:${port}/echo` });
        return response.end();
      case "/post-then-see-other":
        response.writeHead(303, { location: "/echo" });
        return response.end();
      default:
        response.writeHead(404);
        response.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  hits = [];
});

/** Resolves test host names to fixed addresses, like a DNS server the attacker controls. */
function fakeDns(table: Record<string, string>): LookupFunction {
  return (hostname, options, callback) => {
    const address = table[hostname];
    if (!address)
      return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" }), "", 0);
    const family = address.includes(":") ? 6 : 4;
    if (options.all) return (callback as unknown as (e: null, a: unknown) => void)(null, [{ address, family }]);
    return callback(null, address, family);
  };
}

const fetchWith = (options: WebFetchOptions, args: Record<string, unknown>) => runTool(webFetchTool(options), args);
const open = (args: Record<string, unknown>) => fetchWith({ allowPrivate: true }, args);

describe("web_fetch", () => {
  it("fetches text and reports status, content type, body, url and bytes", async () => {
    await expect(open({ url: `${base}/text` })).resolves.toEqual({
      status: 200,
      content_type: "text/plain; charset=utf-8",
      body: "plain text",
      url: `${base}/text`,
      bytes: 10,
    });
  });

  it("turns HTML into Markdown without scripts or styles", async () => {
    const { body } = await open({ url: `${base}/html` });
    expect(body).toContain("# Title");
    expect(body).toContain("[link](https://example.com)");
    expect(body).not.toContain("alert");
    expect(body).not.toContain("color:red");
  });

  it("cuts a 2 MB body at 1 MB while streaming and says so", async () => {
    const result = await open({ url: `${base}/big` });
    const [kept, suffix] = result.body.split("\n\n[... truncated");
    expect(kept).toHaveLength(MAX_BODY_BYTES);
    expect(suffix).toContain("exceeded 1048576 bytes");
    expect(result.bytes).toBeGreaterThan(MAX_BODY_BYTES);
    expect(result.bytes).toBeLessThan(2 * 1024 * 1024);
  });

  it("describes binary content instead of returning bytes", async () => {
    await expect(open({ url: `${base}/image` })).resolves.toMatchObject({
      body: "[binary content (image/png) not shown]",
      bytes: 4,
    });
  });

  it("accepts only http and https", async () => {
    for (const url of ["file:///etc/passwd", "ftp://example.com/", "javascript:alert(1)", "not a url"]) {
      await expect(open({ url })).rejects.toMatchObject({ kind: "InvalidArgs" });
    }
  });

  it("follows up to 5 redirects and reports the final address", async () => {
    await expect(open({ url: `${base}/hop/4` })).resolves.toMatchObject({
      body: "plain text",
      url: `${base}/hop/4`,
      final_url: `${base}/text`,
    });
    expect(hits).toHaveLength(6);
  });

  it("refuses a sixth redirect", async () => {
    await expect(open({ url: `${base}/hop/5` })).rejects.toMatchObject({
      kind: "ExecutionFailed",
      message: expect.stringContaining("too many redirects"),
    });
    expect(hits).not.toContain("GET /text");
  });

  it("refuses a redirect to a non-http scheme", async () => {
    await expect(open({ url: `${base}/to-file` })).rejects.toMatchObject({ kind: "InvalidArgs" });
  });

  it("turns a POST into a GET on 303 and sends headers", async () => {
    const result = await open({
      url: `${base}/post-then-see-other`,
      method: "POST",
      body: "x",
      headers: { Authorization: "Bearer t" },
    });
    expect(JSON.parse(result.body)).toEqual({ method: "GET", auth: "Bearer t" });
  });

  it("drops credential headers when a redirect leaves the origin", async () => {
    const result = await fetchWith(
      { allowPrivate: true, lookup: fakeDns({ "other.test": "127.0.0.1" }) },
      { url: `${base}/to-other-origin`, headers: { Authorization: "Bearer t", Cookie: "session=1" } },
    );
    expect(JSON.parse(result.body)).toEqual({ method: "GET", auth: null });
  });

  it("reports a connection failure as ExecutionFailed", async () => {
    await expect(
      fetchWith({ allowPrivate: true, lookup: fakeDns({}) }, { url: "http://nowhere.test/" }),
    ).rejects.toMatchObject({ kind: "ExecutionFailed", message: expect.stringContaining("ENOTFOUND") });
  });

  it("quotes a long URL in its errors by its start and its length", async () => {
    const path = "a".repeat(1024 * 1024);
    const failed = await fetchWith(
      { allowPrivate: true, lookup: fakeDns({}) },
      { url: `http://nowhere.test/${path}` },
    ).then(
      () => undefined,
      (error: ToolError) => error,
    );
    expect(failed).toMatchObject({ kind: "ExecutionFailed", message: expect.stringContaining("ENOTFOUND") });
    expect(failed!.message).toMatch(/^fetching http:\/\/nowhere\.test\/a{280}… \(1048596 characters\) failed: /);
    const invalid = await open({ url: `not a url ${path}` }).then(
      () => undefined,
      (error: ToolError) => error,
    );
    expect(invalid!.message).toMatch(/^url is not a valid URL: not a url a{290}… \(1048586 characters\)$/);
  });

  it("is side-effecting (it can POST)", () => {
    expect(webFetchTool({ allowPrivate: false }).safety).toBe("side-effecting");
  });
});

describe("web_fetch behind the SSRF guard (allow_private: false)", () => {
  const guarded = (args: Record<string, unknown>, lookup: LookupFunction = fakeDns({})) =>
    fetchWith({ allowPrivate: false, lookup }, args);

  it.each([
    ["loopback", "http://127.0.0.1:PORT/text"],
    ["localhost by name", "http://localhost:PORT/text"],
    ["IPv4-mapped loopback", "http://[::ffff:127.0.0.1]:PORT/text"],
    ["decimal loopback", "http://2130706433:PORT/text"],
    ["hex loopback", "http://0x7f000001:PORT/text"],
    ["short loopback", "http://127.1:PORT/text"],
    ["cloud metadata", "http://169.254.169.254/latest/meta-data/"],
    ["private 10/8", "http://10.0.0.1/"],
    ["private 172.16/12", "http://172.16.5.4/"],
    ["private 192.168/16", "http://192.168.0.1/"],
    ["CGNAT", "http://100.64.0.1/"],
    ["0.0.0.0", "http://0.0.0.0:PORT/text"],
    ["IPv6 loopback", "http://[::1]:PORT/text"],
    ["IPv6 unique local", "http://[fd00::1]/"],
    ["IPv6 link-local", "http://[fe80::1]/"],
  ])("refuses %s without connecting", async (_class, template) => {
    const lookup = fakeDns({ localhost: "127.0.0.1" });
    await expect(guarded({ url: template.replace("PORT", String(port)) }, lookup)).rejects.toMatchObject({
      kind: "PermissionDenied",
    });
    expect(hits).toEqual([]);
  });

  it("refuses a host name that resolves to 127.0.0.1, checking the address it would connect to", async () => {
    await expect(
      guarded({ url: `http://rebind.test:${port}/text` }, fakeDns({ "rebind.test": "127.0.0.1" })),
    ).rejects.toMatchObject({
      kind: "PermissionDenied",
      message: expect.stringContaining("rebind.test (127.0.0.1)"),
    });
    await expect(
      guarded({ url: `http://v6.test:${port}/text` }, fakeDns({ "v6.test": "::ffff:127.0.0.1" })),
    ).rejects.toMatchObject({
      kind: "PermissionDenied",
    });
    expect(hits).toEqual([]);
  });

  describe("re-checking redirects", () => {
    // Let the test's own loopback server count as public; everything else keeps the real policy.
    const addressPolicy = (address: string) => (address === "127.0.0.1" ? undefined : blockedAddressReason(address));
    const viaPublicServer = (path: string) =>
      fetchWith(
        { allowPrivate: false, addressPolicy, lookup: fakeDns({ "internal.test": "192.168.1.10" }) },
        { url: `${base}${path}` },
      );

    it("reaches an allowed server", async () => {
      await expect(viaPublicServer("/text")).resolves.toMatchObject({ body: "plain text" });
    });

    it("refuses a redirect to a private literal address", async () => {
      await expect(viaPublicServer("/to-private")).rejects.toMatchObject({
        kind: "PermissionDenied",
        message: expect.stringContaining("10.0.0.1"),
      });
    });

    it("refuses a redirect to an IPv4-mapped loopback address", async () => {
      await expect(viaPublicServer("/to-mapped-loopback")).rejects.toMatchObject({ kind: "PermissionDenied" });
      expect(hits).toEqual(["GET /to-mapped-loopback"]);
    });

    it("refuses a redirect to a name that resolves to a private address", async () => {
      await expect(viaPublicServer("/to-internal-name")).rejects.toMatchObject({
        kind: "PermissionDenied",
        message: expect.stringContaining("192.168.1.10"),
      });
    });
  });

  it("lets private addresses through when allow_private is true", async () => {
    await expect(
      fetchWith(
        { allowPrivate: true, lookup: fakeDns({ "intranet.test": "127.0.0.1" }) },
        { url: `http://intranet.test:${port}/text` },
      ),
    ).resolves.toMatchObject({
      body: "plain text",
    });
  });
});
