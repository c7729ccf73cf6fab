import { once } from "node:events";
import http, { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { httpFetch } from "../../src/util/http-fetch.js";

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: string;
}

const servers: http.Server[] = [];

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** A server that records each request (with its whole body) and answers with `handle`. */
async function serve(handle: (request: Seen, response: ServerResponse) => void) {
  const seen: Seen[] = [];
  const server = createServer(async (request, response) => {
    let body = "";
    for await (const chunk of request) body += chunk;
    const entry = { method: request.method ?? "", url: request.url ?? "", headers: request.headers, body };
    seen.push(entry);
    handle(entry, response);
  });
  servers.push(server);
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return { seen, root: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe("httpFetch", () => {
  it("posts a string body with its length and reads status, headers and JSON", async () => {
    const { seen, root } = await serve((_request, response) => {
      response.writeHead(201, { "content-type": "application/json", "x-request-id": "abc" });
      response.end('{"ok":true}');
    });

    const response = await httpFetch(`${root}/call`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: '{"text":"héllo"}',
    });

    expect(response.status).toBe(201);
    expect(response.ok).toBe(true);
    expect(response.headers.get("x-request-id")).toBe("abc");
    expect(await response.json()).toEqual({ ok: true });
    expect(seen[0]).toMatchObject({ method: "POST", url: "/call", body: '{"text":"héllo"}' });
    expect(seen[0]!.headers["content-length"]).toBe(String(Buffer.byteLength('{"text":"héllo"}')));
    expect(seen[0]!.headers["content-type"]).toBe("application/json");
  });

  it("takes headers as a Headers object or as pairs", async () => {
    const { seen, root } = await serve((_request, response) => response.end());

    await (await httpFetch(root, { headers: new Headers({ "X-One": "1" }) })).text();
    await (await httpFetch(root, { headers: [["X-Two", "2"]] })).text();

    expect(seen[0]!.headers["x-one"]).toBe("1");
    expect(seen[1]!.headers["x-two"]).toBe("2");
  });

  it("streams an async iterable body, as grammY sends a file upload", async () => {
    const { seen, root } = await serve((_request, response) => response.end("done"));
    async function* parts() {
      yield Buffer.from("first ");
      yield Buffer.from("second");
    }

    const response = await httpFetch(root, { method: "POST", body: parts() });

    expect(await response.text()).toBe("done");
    expect(seen[0]!.body).toBe("first second");
  });

  it("hands the body over chunk by chunk as the server writes it", async () => {
    let finish: () => void = () => undefined;
    const { root } = await serve((_request, response) => {
      response.writeHead(200, { "content-type": "text/event-stream" });
      response.write("data: one\n\n");
      finish = () => response.end("data: two\n\n");
    });

    const response = await httpFetch(root);
    const chunks = response.body![Symbol.asyncIterator]();
    const first = await chunks.next();
    finish();
    const rest: string[] = [];
    for (let next = await chunks.next(); !next.done; next = await chunks.next())
      rest.push(Buffer.from(next.value).toString());

    expect(Buffer.from(first.value as Uint8Array).toString()).toBe("data: one\n\n");
    expect(rest.join("")).toBe("data: two\n\n");
  });

  it("reads a 4xx answer's JSON like any other (Telegram explains refusals in it)", async () => {
    const { root } = await serve((_request, response) => {
      response.writeHead(403, { "content-type": "application/json" });
      response.end('{"ok":false,"error_code":403,"description":"Forbidden: bot was blocked by the user"}');
    });

    const response = await httpFetch(root);

    expect(response.ok).toBe(false);
    expect(await response.json()).toMatchObject({ error_code: 403 });
  });

  it("has no body for a HEAD request or a 204", async () => {
    const { root } = await serve((request, response) => {
      response.writeHead(request.method === "HEAD" ? 200 : 204);
      response.end();
    });

    expect((await httpFetch(root, { method: "HEAD" })).body).toBeNull();
    const noContent = await httpFetch(root);
    expect(noContent.body).toBeNull();
    expect(await noContent.text()).toBe("");
  });

  it("decompresses a body a server compressed without being asked", async () => {
    const { seen, root } = await serve((_request, response) => {
      response.writeHead(200, { "content-encoding": "gzip" });
      response.end(gzipSync("unzipped"));
    });

    expect(await (await httpFetch(root)).text()).toBe("unzipped");
    expect(seen[0]!.headers["accept-encoding"]).toBeUndefined();
  });

  it("fails the reader of a compressed body that is cut short, and nobody else", async () => {
    const { root } = await serve((_request, response) => {
      response.writeHead(200, { "content-encoding": "gzip", "content-length": "1000" });
      response.write(gzipSync("x".repeat(10_000)).subarray(0, 20));
      setTimeout(() => response.socket?.destroy(), 20);
    });

    const read = await httpFetch(root);
    const unread = await httpFetch(root);

    await expect(read.text()).rejects.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(unread.status).toBe(200);
  });

  it("follows a 307 with the same method and body, and a 303 as a GET", async () => {
    const { seen, root } = await serve((request, response) => {
      if (request.url === "/old") response.writeHead(307, { location: "/new" }).end();
      else if (request.url === "/other") response.writeHead(303, { location: "/new" }).end();
      else response.end(`${request.method} ${request.body}`);
    });

    const kept = await httpFetch(`${root}/old`, { method: "POST", body: "payload" });
    const changed = await httpFetch(`${root}/other`, { method: "POST", body: "payload" });

    expect(await kept.text()).toBe("POST payload");
    expect(kept.url).toBe(`${root}/new`);
    expect(await changed.text()).toBe("GET ");
    expect(seen.map((request) => request.url)).toEqual(["/old", "/new", "/other", "/new"]);
  });

  it("drops the Authorization header on a redirect to another origin", async () => {
    const target = await serve((request, response) => response.end(request.headers.authorization ?? "none"));
    const { root } = await serve((_request, response) => response.writeHead(302, { location: target.root }).end());

    const response = await httpFetch(root, { headers: { authorization: "Bearer secret" } });

    expect(await response.text()).toBe("none");
  });

  it("returns a redirect as it is when asked to", async () => {
    const { root } = await serve((_request, response) => response.writeHead(302, { location: "/elsewhere" }).end());

    const response = await httpFetch(root, { redirect: "manual" });

    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/elsewhere");
  });

  it("rejects with node's error code when nothing listens", async () => {
    const { root } = await serve(() => undefined);
    const [server] = servers.splice(0);
    await new Promise((resolve) => server!.close(resolve));

    await expect(httpFetch(root)).rejects.toMatchObject({ code: "ECONNREFUSED" });
  });

  it("rejects with an AbortError when aborted before the answer", async () => {
    const { root } = await serve(() => undefined);
    const controller = new AbortController();

    const pending = httpFetch(root, { signal: controller.signal });
    controller.abort();

    await expect(pending).rejects.toMatchObject({ name: "AbortError" });
  });

  it("ends a body with an AbortError when aborted after the headers", async () => {
    const { root } = await serve((_request, response) => {
      response.writeHead(200, { "content-type": "text/event-stream" });
      response.write("data: first\n\n");
    });
    const controller = new AbortController();

    const response = await httpFetch(root, { signal: controller.signal });
    const chunks = response.body![Symbol.asyncIterator]();
    await chunks.next();
    controller.abort();

    await expect(chunks.next()).rejects.toMatchObject({ name: "AbortError" });
  });

  it("connects through the agent it is given (a proxy's)", async () => {
    const { root } = await serve((_request, response) => response.end("via agent"));
    let connections = 0;
    const agent = new (class extends http.Agent {
      override createConnection(...args: Parameters<http.Agent["createConnection"]>) {
        connections++;
        return super.createConnection(...args);
      }
    })();

    const response = await httpFetch(root, { agent });

    expect(await response.text()).toBe("via agent");
    expect(connections).toBe(1);
    agent.destroy();
  });

  it("keeps the connection alive between calls", async () => {
    const sockets = new Set<unknown>();
    const { root } = await serve((_request, response) => response.end("ok"));
    servers[0]!.on("connection", (socket) => sockets.add(socket));

    for (let call = 0; call < 3; call++) await (await httpFetch(root)).text();

    expect(sockets.size).toBe(1);
  });

  it("refuses a scheme other than http and https", async () => {
    await expect(httpFetch("ftp://example.com/file")).rejects.toThrow(/unsupported URL scheme/);
  });
});
