import { lookup } from "node:dns/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { hostname } from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blockedAddressReason } from "../../src/util/ssrf-guard.js";
import { alice, SkeinUnderAttack } from "../security/skein-under-attack.js";
import { browserMissing, chromiumPath } from "../support/browser.js";
import { bwrapWorks } from "../support/bwrap-works.js";
import { canMakeNetns, NetnsServer } from "../support/test-netns.js";

/**
 * The browser's network guard through the built CLI with the real Chromium (issue #40): with
 * `tools.browser.allow_private` off (the default), a server on the host's loopback, holding something private,
 * gets no request however a page or the model tries to reach it. Pages that try come from a "public" server in
 * a network namespace the test makes (root only). One daemon, one Chromium.
 */
const skip = browserMissing() ?? (bwrapWorks() ? undefined : "bubblewrap does not run here");

let skein: SkeinUnderAttack;
let loopback: { server: Server; port: number; hits: string[] };

beforeAll(async () => {
  if (skip) return;
  const hits: string[] = [];
  const server = createServer((request, response) => {
    hits.push(`${request.method} ${request.url}`);
    response.end("PRIVATE-loopback-secret\n");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  loopback = { server, port: (server.address() as AddressInfo).port, hits };
  skein = await SkeinUnderAttack.start({ tools: { browser: { executable: chromiumPath } } });
}, 60_000);

afterAll(async () => {
  await skein?.close();
  loopback?.server.close();
});

const browse = (args: Record<string, unknown>) => skein.callTool("browser", args, alice);
/** How many requests the answers say were refused. */
const refusals = (said: string) =>
  [...said.matchAll(/Refused before any connection \((\d+)\)/g)].reduce((sum, [, count]) => sum + Number(count), 0);

describe.skipIf(skip)(
  `the browser's network guard (tools.browser.allow_private off)${skip ? ` (skipped: ${skip})` : ""}`,
  () => {
    it("refuses loopback in every spelling before any connection, saying why", async () => {
      const port = loopback.port;
      const spellings = [
        `http://127.0.0.1:${port}/`,
        `http://127.1:${port}/`,
        `http://127.0.1:${port}/`,
        `http://0.0.0.0:${port}/`,
        `http://0:${port}/`,
        `http://[::1]:${port}/`,
        `http://[0:0:0:0:0:0:0:1]:${port}/`,
        `http://[::ffff:127.0.0.1]:${port}/`,
        `http://[::127.0.0.1]:${port}/`,
        `http://localhost:${port}/`,
        `http://LocalHost.:${port}/`,
        `http://app.localhost:${port}/`,
        `http://2130706433:${port}/`,
        `http://0x7f000001:${port}/`,
        `http://0x7f.0x0.0x0.0x1:${port}/`,
        `http://0177.0.0.1:${port}/`,
        `http://127.000.000.001:${port}/`,
        `http://user:password@127.0.0.1:${port}/`,
        `https://127.0.0.1:${port}/`,
      ];
      // A name the machine's own resolver answers with a private or loopback address (its host name, usually).
      const own = await lookup(hostname()).catch(() => undefined);
      if (own && blockedAddressReason(own.address)) spellings.push(`http://${hostname()}:${port}/`);
      for (const url of spellings) {
        const result = await browse({ action: "navigate", url });
        expect(result.error, url).toMatch(
          /^permission denied: .* is a .* (address|name); skein does not connect there$/,
        );
      }
      expect(await browse({ action: "navigate", url: `http://localhost:${port}/` })).toEqual({
        error: "permission denied: localhost is a loopback name; skein does not connect there",
      });
      expect(loopback.hits).toEqual([]);
    });

    it("refuses the cloud metadata addresses and the private ranges", async () => {
      for (const url of [
        "http://169.254.169.254/latest/meta-data/",
        "http://[fd00:ec2::254]/latest/meta-data/",
        "http://100.100.100.200/latest/meta-data/",
        "http://10.0.0.1/",
        "http://192.168.1.1/",
        "http://172.16.0.1/",
      ])
        expect((await browse({ action: "navigate", url })).error, url).toMatch(
          /^permission denied: .*skein does not connect there$/,
        );
    });

    it("opens http and https pages only: file:, chrome:, data:, view-source: and the rest are refused", async () => {
      for (const url of [
        "file:///etc/passwd",
        "chrome://version",
        "chrome-extension://abcdefghijklmnop/page.html",
        "data:text/html,<h1>hi</h1>",
        `view-source:http://127.0.0.1:${loopback.port}/`,
        "about:config",
        "ftp://example.com/",
      ])
        expect((await browse({ action: "navigate", url })).error, url).toMatch(
          /^permission denied: the browser opens http:\/\/ and https:\/\/ pages only, not [a-z-]+: URLs$/,
        );
      expect((await browse({ action: "navigate", url: "javascript:fetch('/')" })).error).toContain(
        "tools.browser.evaluate",
      );
      expect(loopback.hits).toEqual([]);
    });

    const noNetns = canMakeNetns() ? undefined : "making a network namespace needs root and ip(8)";
    describe.skipIf(noNetns)(
      `pages of a public server that lead to the host's loopback${noNetns ? ` (skipped: ${noNetns})` : ""}`,
      () => {
        let site: NetnsServer;
        beforeAll(async () => {
          const to = (path: string) => `http://127.0.0.1:${loopback.port}${path}`;
          const page = (body: string) => ({ body: `<!doctype html><title>Public</title>${body}` });
          site = await NetnsServer.start({
            "/redirect": { status: 302, headers: { location: to("/redirected") } },
            "/redirect-metadata": { status: 302, headers: { location: "http://169.254.169.254/latest/meta-data/" } },
            "/link": page(`<a href="${to("/clicked")}">Go home</a>`),
            "/form": page(`<form method="post" action="${to("/posted")}"><button>Send it</button></form>`),
            "/script": page(`<script>location.href = ${JSON.stringify(to("/script"))}</script>`),
            "/meta": page(`<meta http-equiv="refresh" content="0;url=${to("/meta")}">`),
            "/resources": page(
              `<img src="${to("/img.png")}"><iframe src="http://localhost:${loopback.port}/frame"></iframe>
          <script>fetch("http://[::1]:${loopback.port}/fetch").catch(() => {});
          new Image().src = "http://2130706433:${loopback.port}/pixel";
          new WebSocket("ws://127.0.0.1:${loopback.port}/socket");</script>`,
            ),
          });
        });
        afterAll(() => site?.close());

        it("opens the public page itself, through the guarded proxy", async () => {
          expect(await browse({ action: "navigate", url: `${site.url}/plain` })).toEqual({
            text: `Opened ${site.url}/plain (HTTP 200): "". Take a snapshot to see it.`,
          });
          expect((await browse({ action: "snapshot" })).text).toContain("hello from the public netns");
        });

        it("refuses a redirect to loopback or to the metadata address", async () => {
          for (const path of ["/redirect", "/redirect-metadata"])
            expect((await browse({ action: "navigate", url: `${site.url}${path}` })).error).toMatch(
              new RegExp(
                `^permission denied: ${site.url}${path} led to http://.*, which skein refused: .*skein does not connect there$`,
              ),
            );
          expect(site.requests).toEqual(expect.arrayContaining(["GET /redirect", "GET /redirect-metadata"]));
          expect(loopback.hits).toEqual([]);
        });

        it("refuses a link click and a form submission that lead to loopback", async () => {
          for (const [path, element] of [
            ["/link", /link "Go home" \[ref=(e\d+)\]/],
            ["/form", /button "Send it" \[ref=(e\d+)\]/],
          ] as const) {
            await browse({ action: "navigate", url: `${site.url}${path}` });
            const ref = element.exec(String((await browse({ action: "snapshot" })).text))![1];
            const clicked = String((await browse({ action: "click", ref })).text);
            expect(clicked, path).toMatch(
              /Refused before any connection \(1\): http:\/\/127\.0\.0\.1:\d+\/(clicked|posted): /,
            );
          }
          expect(loopback.hits).toEqual([]);
        });

        it("refuses script and meta-refresh navigations and every sub-resource that leads to loopback", async () => {
          for (const [path, expected] of [
            ["/script", 1],
            ["/meta", 1],
            ["/resources", 4],
          ] as const) {
            let said = String((await browse({ action: "navigate", url: `${site.url}${path}` })).text);
            // The page tries on its own time: its refusals are told with the action during which they happened.
            for (let tries = 0; refusals(said) < expected && tries < 20; tries++)
              said += String((await browse({ action: "snapshot" })).text);
            expect(refusals(said), `${path}: ${said}`).toBe(expected);
          }
          expect(site.requests).toEqual(expect.arrayContaining(["GET /script", "GET /meta", "GET /resources"]));
          expect(loopback.hits).toEqual([]);
        });
      },
    );
  },
);
