import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import { isIP } from "node:net";

/**
 * The DNS-rebinding guard of the local HTTP endpoints: a request is served only when its
 * `Host` names this machine (an IP literal, `localhost`) or one of the public names the
 * operator configured (`gateway.hosts`). A page on `evil.example` that rebinds its name to
 * 127.0.0.1 still sends `Host: evil.example`, so it is refused.
 */
export type HostCheck = (host: string | undefined) => boolean;

/** The {@link HostCheck} that admits IP literals, `localhost` and `publicNames` (case-insensitive, any port). */
export function hostCheck(publicNames: readonly string[] = []): HostCheck {
  const names = new Set(publicNames.map(normalName));
  return (host) => {
    const name = hostnameOf(host);
    if (name === undefined) return false;
    return name === "localhost" || isIP(name) !== 0 || names.has(name);
  };
}

/**
 * Wraps `listener` so that a request with a foreign `Host` is answered 421 (Misdirected
 * Request) and never reaches it. The answer does not echo the host.
 */
export function withHostCheck(check: HostCheck, listener: RequestListener): RequestListener {
  return (request: IncomingMessage, response: ServerResponse) => {
    if (check(request.headers.host)) return listener(request, response);
    const body = JSON.stringify({ error: "this host name is not served here; add it to gateway.hosts" });
    if (!request.complete) response.setHeader("connection", "close");
    response.writeHead(421, {
      "content-type": "application/json; charset=utf-8",
      "content-length": Buffer.byteLength(body),
      "cache-control": "no-store",
    });
    response.end(request.method === "HEAD" ? undefined : body);
  };
}

/** The host name of a `Host` header (`[::1]:80` -> `::1`, `Example.COM.:8080` -> `example.com`), or undefined when malformed. */
function hostnameOf(host: string | undefined): string | undefined {
  if (!host) return undefined;
  const bracketed = /^\[([0-9a-fA-F:.]+)\](?::\d{1,5})?$/.exec(host);
  if (bracketed) return isIP(bracketed[1]!) === 6 ? bracketed[1]!.toLowerCase() : undefined;
  const plain = /^([^:\s[\]/@]+)(?::\d{1,5})?$/.exec(host);
  return plain ? normalName(plain[1]!) : undefined;
}

function normalName(name: string): string {
  return name.trim().toLowerCase().replace(/\.$/, "");
}
