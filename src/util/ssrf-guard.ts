import { isIP, type LookupFunction } from "node:net";

/**
 * The SSRF guard: addresses web_fetch and attachment downloads must never connect to (loopback, private,
 * link-local and cloud metadata, CGNAT, unspecified, multicast and reserved, IPv6
 * loopback/ULA/link-local, and IPv6 forms that embed a blocked IPv4 address).
 */

/** Thrown (through undici) when a connection would go to a blocked address. */
export class BlockedAddressError extends Error {
  override readonly name = "BlockedAddressError";
  readonly code = "ESKEIN_BLOCKED_ADDRESS";
  constructor(
    readonly host: string,
    readonly address: string,
    readonly reason: string,
  ) {
    super(
      `${host === address ? address : `${host} (${address})`} is a ${reason} address; skein does not connect there`,
    );
  }
}

/** `[::1]` as URLs write it -> `::1`. */
const stripBrackets = (host: string): string => host.replace(/^\[(.*)\]$/, "$1");

/** [first octets as a 32-bit number, prefix length, reason] */
const blockedIpv4: Array<[string, number, string]> = [
  ["0.0.0.0", 8, '"this network" (0.0.0.0/8)'],
  ["10.0.0.0", 8, "private (10/8)"],
  ["100.64.0.0", 10, "carrier-grade NAT (100.64/10)"],
  ["127.0.0.0", 8, "loopback"],
  ["169.254.0.0", 16, "link-local / cloud metadata (169.254/16)"],
  ["172.16.0.0", 12, "private (172.16/12)"],
  ["192.0.0.0", 24, "IETF protocol assignments (192.0.0/24)"],
  ["192.168.0.0", 16, "private (192.168/16)"],
  ["198.18.0.0", 15, "benchmarking (198.18/15)"],
  ["224.0.0.0", 4, "multicast"],
  ["240.0.0.0", 4, "reserved / broadcast"],
];

function parseIpv4(text: string): number | undefined {
  const parts = text.split(".");
  if (parts.length !== 4 || !parts.every((part) => /^\d{1,3}$/.test(part) && Number(part) <= 255)) return undefined;
  return parts.reduce((value, part) => value * 256 + Number(part), 0);
}

function ipv4Reason(value: number): string | undefined {
  for (const [base, prefix, reason] of blockedIpv4) {
    const size = 2 ** (32 - prefix);
    const start = parseIpv4(base) as number;
    if (value >= start && value < start + size) return reason;
  }
  return undefined;
}

/** The eight 16-bit groups of an IPv6 address (an embedded dotted IPv4 tail included). */
function parseIpv6(text: string): number[] | undefined {
  let address = text.replace(/%.*$/, "");
  const lastColon = address.lastIndexOf(":");
  const tail = address.slice(lastColon + 1);
  if (tail.includes(".")) {
    const v4 = parseIpv4(tail);
    if (v4 === undefined) return undefined;
    address = `${address.slice(0, lastColon + 1)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const halves = address.split("::");
  if (halves.length > 2) return undefined;
  const toGroups = (part: string | undefined) => (part ? part.split(":") : []);
  const left = toGroups(halves[0]);
  const right = toGroups(halves[1]);
  const missing = 8 - left.length - right.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined;
  const groups = [...left, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...right];
  if (!groups.every((group) => /^[0-9a-f]{1,4}$/i.test(group))) return undefined;
  return groups.map((group) => parseInt(group, 16));
}

function ipv6Reason(groups: number[]): string | undefined {
  const [g0 = 0, g1 = 0, g2 = 0, , , g5 = 0, g6 = 0, g7 = 0] = groups;
  const zeroUpTo = (count: number) => groups.slice(0, count).every((group) => group === 0);
  const embedded = (high: number, low: number, form: string) => {
    const reason = ipv4Reason(high * 65536 + low);
    return reason && `${form} ${reason}`;
  };
  if (zeroUpTo(8)) return "unspecified (::)";
  if (zeroUpTo(7) && g7 === 1) return "IPv6 loopback";
  if ((g0 & 0xfe00) === 0xfc00) return "IPv6 unique local (fc00::/7)";
  if ((g0 & 0xffc0) === 0xfe80) return "IPv6 link-local (fe80::/10)";
  if ((g0 & 0xff00) === 0xff00) return "IPv6 multicast";
  if (zeroUpTo(5) && g5 === 0xffff) return embedded(g6, g7, "IPv4-mapped");
  if (zeroUpTo(6)) return embedded(g6, g7, "IPv4-compatible");
  if (g0 === 0x64 && g1 === 0xff9b && groups.slice(2, 6).every((group) => group === 0))
    return embedded(g6, g7, "NAT64");
  if (g0 === 0x2002) return embedded(g1, g2, "6to4");
  return undefined;
}

/**
 * Why an IP address is blocked, or undefined when it is a public address. Accepts
 * bracketed IPv6 as it appears in URLs (`[::ffff:7f00:1]`). Not an IP: undefined.
 */
export function blockedAddressReason(address: string): string | undefined {
  const bare = stripBrackets(address);
  const family = isIP(bare.replace(/%.*$/, ""));
  if (family === 4) return ipv4Reason(parseIpv4(bare) as number);
  if (family === 6) {
    const groups = parseIpv6(bare);
    return groups ? ipv6Reason(groups) : "unparseable IPv6";
  }
  return undefined;
}

/** Why an address must not be connected to, or undefined when it may. */
export type AddressPolicy = (address: string) => string | undefined;

/** Throws {@link BlockedAddressError} when a URL's host is a literal blocked IP (DNS is never asked about those). */
export function checkLiteralHost(hostname: string, policy: AddressPolicy = blockedAddressReason): void {
  const bare = stripBrackets(hostname);
  const reason = isIP(bare) ? policy(bare) : undefined;
  if (reason) throw new BlockedAddressError(hostname, bare, reason);
}

/**
 * Wraps a DNS lookup so that a connection can only go to public addresses: every
 * resolved address is checked, and the socket connects to exactly the checked ones,
 * so a second, different DNS answer (rebinding) cannot slip in.
 */
export function guardedLookup(lookup: LookupFunction, policy: AddressPolicy = blockedAddressReason): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, "", 0);
      const list = (Array.isArray(addresses) ? addresses : [{ address: addresses, family: 4 }]) as Array<{
        address: string;
        family: number;
      }>;
      for (const entry of list) {
        const reason = policy(entry.address);
        if (reason) return callback(new BlockedAddressError(hostname, entry.address, reason), "", 0);
      }
      const first = list[0];
      if (!first) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: "ENOTFOUND" }), "", 0);
      if (options.all) return (callback as unknown as (error: null, addresses: typeof list) => void)(null, list);
      return callback(null, first.address, first.family);
    });
  };
}
