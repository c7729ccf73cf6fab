import type { LookupAddress } from "node:dns";
import { describe, expect, it } from "vitest";
import { RequestGuard } from "../../src/browser/request-guard.js";

/** A resolver that answers from a table and counts its questions; a name it does not know is ENOTFOUND. */
function resolver(table: Record<string, string[]>) {
  const asked: string[] = [];
  const lookup = async (hostname: string): Promise<LookupAddress[]> => {
    asked.push(hostname);
    const addresses = table[hostname];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
    return addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  };
  return { lookup, asked };
}

describe("the browser's request guard", () => {
  it("refuses loopback, private and metadata addresses in every spelling without asking DNS", async () => {
    const { lookup, asked } = resolver({});
    const guard = new RequestGuard({ allowPrivate: false, lookup });
    for (const url of [
      "http://127.0.0.1/",
      "http://127.1/",
      "http://0x7f.1/",
      "http://2130706433/",
      "http://0177.0.0.1/",
      "http://0/",
      "http://[::1]/",
      "http://[::ffff:127.0.0.1]/",
      "http://169.254.169.254/latest/meta-data/",
      "http://[fd00:ec2::254]/",
      "http://10.1.2.3/",
      "ws://127.0.0.1:9222/devtools",
    ])
      expect(await guard.refusal(url), url).toMatch(/ is a .* address; skein does not connect there$/);
    expect(await guard.refusal("http://localhost/")).toBe("localhost is a loopback name; skein does not connect there");
    expect(await guard.refusal("http://admin.LOCALHOST./")).toMatch(/loopback name/);
    expect(asked).toEqual([]);
  });

  it("resolves a name itself and refuses it when any of its addresses is private; public ones pass", async () => {
    const { lookup, asked } = resolver({
      "intranet.example": ["93.184.216.34", "192.168.1.10"],
      "www.example": ["93.184.216.34", "2606:2800:220:1::1"],
    });
    const guard = new RequestGuard({ allowPrivate: false, lookup });
    expect(await guard.refusal("https://intranet.example/x")).toBe(
      "intranet.example (192.168.1.10) is a private (192.168/16) address; skein does not connect there",
    );
    expect(await guard.refusal("https://www.example/a")).toBeUndefined();
    expect(await guard.refusal("https://www.example/b")).toBeUndefined();
    expect(await guard.refusal("http://93.184.216.34/")).toBeUndefined();
    expect(await guard.refusal("https://nowhere.example/")).toBe("nowhere.example could not be resolved (ENOTFOUND)");
    // Each name is asked once while its answer is fresh.
    expect(asked).toEqual(["intranet.example", "www.example", "nowhere.example"]);
  });

  it("opens http and https pages only, and about:blank", async () => {
    const guard = new RequestGuard({ allowPrivate: true });
    for (const url of ["file:///etc/passwd", "chrome://version", "data:text/html,x", "view-source:https://a.example"])
      await expect(guard.checkNavigation(url), url).rejects.toMatchObject({
        kind: "refused",
        message: expect.stringMatching(/^the browser opens http:\/\/ and https:\/\/ pages only, not [a-z-]+: URLs$/),
      });
    await expect(guard.checkNavigation("not a url")).rejects.toMatchObject({ kind: "invalid" });
    expect((await guard.checkNavigation("about:blank")).href).toBe("about:blank");
    expect((await guard.checkNavigation("http://127.0.0.1:8080/")).host).toBe("127.0.0.1:8080");
  });

  it("lets every address through with allow_private, still only for web requests", async () => {
    const guard = new RequestGuard({ allowPrivate: true, lookup: resolver({}).lookup });
    expect(await guard.refusal("http://127.0.0.1/")).toBeUndefined();
    expect(await guard.refusal("ftp://127.0.0.1/")).toBe("ftp: requests are not made by skein's browser");
  });
});
