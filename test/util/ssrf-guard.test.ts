import { describe, expect, it } from "vitest";
import { blockedAddressReason } from "../../src/util/ssrf-guard.js";

describe("the SSRF guard's address classes", () => {
  it.each([
    ["127.0.0.1", "loopback"],
    ["127.255.0.9", "loopback"],
    ["10.1.2.3", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.168.1.1", "private"],
    ["169.254.169.254", "metadata"],
    ["100.64.0.1", "carrier-grade NAT"],
    ["0.0.0.0", "this network"],
    ["::1", "IPv6 loopback"],
    ["[::1]", "IPv6 loopback"],
    ["::", "unspecified"],
    ["fc00::1", "unique local"],
    ["fd12:3456::1", "unique local"],
    ["fe80::1", "link-local"],
    ["fe80::1%eth0", "link-local"],
    ["::ffff:127.0.0.1", "IPv4-mapped loopback"],
    ["[::ffff:7f00:1]", "IPv4-mapped loopback"],
    ["::ffff:169.254.169.254", "IPv4-mapped link-local"],
    ["::ffff:a00:1", "IPv4-mapped private"],
    ["::127.0.0.1", "IPv4-compatible loopback"],
    ["64:ff9b::a9fe:a9fe", "NAT64 link-local"],
    ["2002:7f00:1::", "6to4 loopback"],
    ["224.0.0.1", "multicast"],
  ])("blocks %s (%s)", (address, reason) => {
    expect(blockedAddressReason(address)).toContain(reason);
  });

  it.each([
    "93.184.216.34",
    "1.1.1.1",
    "172.32.0.1",
    "100.128.0.1",
    "2606:4700:4700::1111",
    "::ffff:8.8.8.8",
    "[2001:4860:4860::8888]",
  ])("lets the public address %s through", (address) => {
    expect(blockedAddressReason(address)).toBeUndefined();
  });

  it("has no opinion on host names", () => {
    expect(blockedAddressReason("example.com")).toBeUndefined();
  });
});
