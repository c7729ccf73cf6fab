import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import type { BrowserContext } from "playwright-core";
import { type AddressPolicy, blockedAddressReason } from "../util/ssrf-guard.js";
import { BrowserError } from "./browser-error.js";

/** The schemes a `navigate` may open (and `about:blank`); `file:`, `chrome:`, `data:`, `view-source:`, `javascript:` and the rest are refused. */
const WEB_SCHEMES = new Set(["http:", "https:"]);

/** How long an answer of the guard's own DNS lookup is kept (the proxy checks every connection again anyway). */
const LOOKUP_TTL_MS = 30_000;
const LOOKUP_CACHE_SIZE = 256;

/** A `dns.lookup` with `all: true`, as the guard calls it (tests inject one that answers what they need). */
export type AllAddressesLookup = (hostname: string) => Promise<LookupAddress[]>;

export interface RequestGuardOptions {
  /** `tools.browser.allow_private` (or `tools.web_fetch.allow_private`): no address is refused. */
  allowPrivate: boolean;
  /** Why an address is refused (default the SSRF guard's). */
  policy?: AddressPolicy;
  /** Resolves a name to every address it has (default `dns.lookup`). */
  lookup?: AllAddressesLookup;
}

const systemLookup: AllAddressesLookup = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))),
  );

/**
 * The first line of the browser's network guard: every request the page makes (navigations, link clicks,
 * scripts, meta refreshes, frames, sub-resources, popups) is held by Playwright's routing and refused before any
 * connection unless its host is public by the SSRF guard's ranges: an address literal in any spelling (the URL
 * parser makes `127.1`, `0x7f.1`, `2130706433` and `[::ffff:7f00:1]` what they are), `localhost` and `*.localhost`
 * (which Chromium answers itself), and a name by every address the guard's own DNS lookup gives. Redirects and
 * WebSockets are not routed by Playwright: the second line, the sandbox's egress proxy, checks every connection
 * the browser makes at connect time (which also stops a DNS answer that changes between the two).
 */
export class RequestGuard {
  readonly #options: RequestGuardOptions;
  readonly #policy: AddressPolicy;
  readonly #lookup: AllAddressesLookup;
  readonly #resolved = new Map<string, { reason: string | undefined; at: number }>();

  constructor(options: RequestGuardOptions) {
    this.#options = options;
    this.#policy = options.policy ?? blockedAddressReason;
    this.#lookup = options.lookup ?? systemLookup;
  }

  /** The URL a `navigate` may open; a {@link BrowserError} `refused` or `invalid` says why not. */
  async checkNavigation(text: string): Promise<URL> {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      throw new BrowserError("invalid", `not a valid URL: ${text}`);
    }
    if (url.href === "about:blank") return url;
    if (!WEB_SCHEMES.has(url.protocol))
      throw new BrowserError(
        "refused",
        `the browser opens http:// and https:// pages only, not ${url.protocol.replace(/:$/, "")}: URLs`,
      );
    const reason = await this.refusal(url.href);
    if (reason) throw new BrowserError("refused", reason);
    return url;
  }

  /** Why the page may not request `text`, or undefined when it may. Never rejects. */
  async refusal(text: string): Promise<string | undefined> {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      return `not a valid URL: ${text}`;
    }
    if (!WEB_SCHEMES.has(url.protocol) && url.protocol !== "ws:" && url.protocol !== "wss:")
      return `${url.protocol.replace(/:$/, "")}: requests are not made by skein's browser`;
    if (this.#options.allowPrivate) return undefined;
    return this.#hostRefusal(url.hostname);
  }

  async #hostRefusal(hostname: string): Promise<string | undefined> {
    const host = hostname.replace(/\.$/, "").toLowerCase();
    const literal = host.replace(/^\[(.*)\]$/, "$1");
    const literalReason = this.#policy(literal);
    if (literalReason) return refusedText(hostname, literal, literalReason);
    if (host.startsWith("[") || /^[\d.]+$/.test(host)) return undefined;
    if (host === "localhost" || host.endsWith(".localhost"))
      return `${hostname} is a loopback name; skein does not connect there`;
    const cached = this.#resolved.get(host);
    if (cached && Date.now() - cached.at < LOOKUP_TTL_MS) return cached.reason;
    let reason: string | undefined;
    try {
      const addresses = await this.#lookup(host);
      const blocked = addresses.map(({ address }) => ({ address, why: this.#policy(address) })).find((a) => a.why);
      if (blocked) reason = refusedText(hostname, blocked.address, blocked.why!);
      else if (addresses.length === 0) reason = `${hostname} has no address`;
    } catch (error) {
      reason = `${hostname} could not be resolved (${(error as NodeJS.ErrnoException).code ?? String(error)})`;
    }
    if (this.#resolved.size >= LOOKUP_CACHE_SIZE) this.#resolved.clear();
    this.#resolved.set(host, { reason, at: Date.now() });
    return reason;
  }

  /**
   * Holds every request of `context` until the guard has checked it: refused ones are aborted before any
   * connection (and told to `onRefused`), the others go on. Service workers are blocked by the context itself.
   */
  async install(context: BrowserContext, onRefused: (url: string, reason: string) => void): Promise<void> {
    await context.route("**/*", async (route) => {
      const url = route.request().url();
      const reason = await this.refusal(url);
      if (!reason) return route.continue().catch(() => undefined);
      onRefused(url, reason);
      return route.abort("blockedbyclient").catch(() => undefined);
    });
  }
}

/** The SSRF guard's words for a refused address (as web_fetch and the egress proxy say it). */
function refusedText(host: string, address: string, reason: string): string {
  const bare = host.replace(/^\[(.*)\]$/, "$1");
  return `${bare === address ? host : `${host} (${address})`} is a ${reason} address; skein does not connect there`;
}
