#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);

import { isIP } from "node:net";
var BlockedAddressError = class extends Error {
    constructor(host, address, reason) {
      super(
        `${host === address ? address : `${host} (${address})`} is a ${reason} address; skein does not connect there`,
      );
      this.host = host;
      this.address = address;
      this.reason = reason;
    }
    host;
    address;
    reason;
    name = "BlockedAddressError";
    code = "ESKEIN_BLOCKED_ADDRESS";
  },
  stripBrackets = (host) => host.replace(/^\[(.*)\]$/, "$1"),
  blockedIpv4 = [
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
function parseIpv4(text) {
  const parts = text.split(".");
  if (!(parts.length !== 4 || !parts.every((part) => /^\d{1,3}$/.test(part) && Number(part) <= 255)))
    return parts.reduce((value, part) => value * 256 + Number(part), 0);
}
function ipv4Reason(value) {
  for (const [base, prefix, reason] of blockedIpv4) {
    const size = 2 ** (32 - prefix),
      start = parseIpv4(base);
    if (value >= start && value < start + size) return reason;
  }
}
function parseIpv6(text) {
  let address = text.replace(/%.*$/, ""),
    lastColon = address.lastIndexOf(":"),
    tail = address.slice(lastColon + 1);
  if (tail.includes(".")) {
    const v4 = parseIpv4(tail);
    if (v4 === void 0) return;
    address = `${address.slice(0, lastColon + 1)}${(v4 >>> 16).toString(16)}:${(v4 & 65535).toString(16)}`;
  }
  const halves = address.split("::");
  if (halves.length > 2) return;
  const toGroups = (part) => (part ? part.split(":") : []),
    left = toGroups(halves[0]),
    right = toGroups(halves[1]),
    missing = 8 - left.length - right.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return;
  const groups = [...left, ...Array(halves.length === 2 ? missing : 0).fill("0"), ...right];
  if (groups.every((group) => /^[0-9a-f]{1,4}$/i.test(group))) return groups.map((group) => parseInt(group, 16));
}
function ipv6Reason(groups) {
  const [g0 = 0, g1 = 0, g2 = 0, , , g5 = 0, g6 = 0, g7 = 0] = groups,
    zeroUpTo = (count) => groups.slice(0, count).every((group) => group === 0),
    embedded = (high, low, form) => {
      const reason = ipv4Reason(high * 65536 + low);
      return reason && `${form} ${reason}`;
    };
  if (zeroUpTo(8)) return "unspecified (::)";
  if (zeroUpTo(7) && g7 === 1) return "IPv6 loopback";
  if ((g0 & 65024) === 64512) return "IPv6 unique local (fc00::/7)";
  if ((g0 & 65472) === 65152) return "IPv6 link-local (fe80::/10)";
  if ((g0 & 65280) === 65280) return "IPv6 multicast";
  if (zeroUpTo(5) && g5 === 65535) return embedded(g6, g7, "IPv4-mapped");
  if (zeroUpTo(6)) return embedded(g6, g7, "IPv4-compatible");
  if (g0 === 100 && g1 === 65435 && groups.slice(2, 6).every((group) => group === 0)) return embedded(g6, g7, "NAT64");
  if (g0 === 8194) return embedded(g1, g2, "6to4");
}
function blockedAddressReason(address) {
  const bare = stripBrackets(address),
    family = isIP(bare.replace(/%.*$/, ""));
  if (family === 4) return ipv4Reason(parseIpv4(bare));
  if (family === 6) {
    const groups = parseIpv6(bare);
    return groups ? ipv6Reason(groups) : "unparseable IPv6";
  }
}
function checkLiteralHost(hostname, policy = blockedAddressReason) {
  const bare = stripBrackets(hostname),
    reason = isIP(bare) ? policy(bare) : void 0;
  if (reason) throw new BlockedAddressError(hostname, bare, reason);
}
function guardedLookup(lookup, policy = blockedAddressReason) {
  return (hostname, options, callback) => {
    lookup(hostname, { ...options, all: !0 }, (error, addresses) => {
      if (error) return callback(error, "", 0);
      const list = Array.isArray(addresses) ? addresses : [{ address: addresses, family: 4 }];
      for (const entry of list) {
        const reason = policy(entry.address);
        if (reason) return callback(new BlockedAddressError(hostname, entry.address, reason), "", 0);
      }
      const first = list[0];
      return first
        ? options.all
          ? callback(null, list)
          : callback(null, first.address, first.family)
        : callback(Object.assign(new Error(`no address for ${hostname}`), { code: "ENOTFOUND" }), "", 0);
    });
  };
}
export { BlockedAddressError, blockedAddressReason, checkLiteralHost, guardedLookup };
//# sourceMappingURL=chunk-QI67DLSS.js.map
