import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { canMakeNetns, NetnsServer } from "../support/test-netns.js";
import { bwrapWorks, SkeinUnderAttack } from "./skein-under-attack.js";

/** A server on the host's loopback holding something private, as Redis or an admin port would. */
async function loopbackServer(): Promise<{ server: Server; port: number; hits: string[] }> {
  const hits: string[] = [];
  const server = createServer((request, response) => {
    hits.push(`${request.method} ${request.url}`);
    response.end("PRIVATE-loopback-secret\n");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, port: (server.address() as AddressInfo).port, hits };
}

/**
 * Ways a sandboxed command tried to reach the host's own network (issue #28; openclaw
 * CVE-2026-62201, "sandbox exec-server SSRF": a sandboxed HTTP helper reached internal
 * destinations; Anthropic sandbox-runtime routes sandboxed traffic through a filtering proxy).
 */
const reachLoopback = (port: number) => [
  `curl -sS -m 5 http://127.0.0.1:${port}/`,
  `curl -sS -m 5 http://localhost:${port}/`,
  `curl -sS -m 5 http://0.0.0.0:${port}/`,
  `curl -sS -m 5 'http://[::1]:${port}/'`,
  `curl -sS -m 5 'http://[::ffff:127.0.0.1]:${port}/'`,
  `curl -sS -m 5 http://2130706433:${port}/`,
  `curl -sS -m 5 -p http://127.0.0.1:${port}/`,
  `curl -sS -m 5 --noproxy '*' http://127.0.0.1:${port}/`,
  `env -u http_proxy -u HTTP_PROXY -u all_proxy -u ALL_PROXY curl -sS -m 5 http://127.0.0.1:${port}/`,
  `python3 -c "import urllib.request; print(urllib.request.urlopen('http://127.0.0.1:${port}/').read())"`,
  `python3 -c "import socket; s = socket.create_connection(('127.0.0.1', ${port}), 3); s.send(b'GET / HTTP/1.0\\r\\n\\r\\n'); print(s.recv(99))"`,
  "curl -sS -m 5 http://169.254.169.254/latest/meta-data/",
];

describe.skipIf(!bwrapWorks())("sandboxed commands under tools.exec.network: public (the default)", () => {
  let skein: SkeinUnderAttack;
  let loopback: Awaited<ReturnType<typeof loopbackServer>>;
  beforeAll(async () => {
    loopback = await loopbackServer();
    skein = await SkeinUnderAttack.start();
  });
  afterAll(async () => {
    await skein.close();
    loopback.server.close();
  });

  it("reaches nothing on the host's loopback, however the address is spelled, nor the metadata address", async () => {
    for (const command of reachLoopback(loopback.port)) {
      const result = await skein.callTool("exec_shell", { command });
      expect(JSON.stringify(result), command).not.toContain("PRIVATE-loopback-secret");
    }
    expect(loopback.hits).toEqual([]);
  });

  it("says why the proxy refused an address", async () => {
    const result = await skein.callTool("exec_shell", { command: `curl -sS http://localhost:${loopback.port}/` });
    expect(result.stdout).toBe("localhost (127.0.0.1) is a loopback address; skein does not connect there\n");
  });

  it("keeps ordinary commands working: git, python3, npm, here-documents", async () => {
    const result = await skein.callTool("exec_shell", {
      command:
        "git --version | head -c 3; python3 -c 'print(1)'; npm --version >/dev/null && echo npm; cat <<EOF\nhere\nEOF",
    });
    expect(result).toMatchObject({ exit_code: 0, stdout: "git1\nnpm\nhere\n" });
  });

  it.skipIf(!canMakeNetns())(
    "reaches a public address through the guarded proxy (a server in a test-made namespace)",
    async () => {
      const netns = await NetnsServer.start();
      try {
        const direct = await skein.callTool("exec_shell", { command: `curl -sS -m 10 ${netns.url}/plain` });
        expect(direct).toMatchObject({ exit_code: 0, stdout: "hello from the public netns\n" });
        const tunnelled = await skein.callTool("exec_shell", { command: `curl -sS -m 10 -p ${netns.url}/tunnel` });
        expect(tunnelled).toMatchObject({ exit_code: 0, stdout: "hello from the public netns\n" });
        const python = await skein.callTool("exec_shell", {
          command: `python3 -c "import urllib.request; print(urllib.request.urlopen('${netns.url}/py').read().decode(), end='')"`,
        });
        expect(python).toMatchObject({ exit_code: 0, stdout: "hello from the public netns\n" });
        expect(netns.requests).toEqual(["GET /plain", "GET /tunnel", "GET /py"]);
      } finally {
        netns.close();
      }
    },
  );
});

describe.skipIf(!bwrapWorks())("sandboxed commands under tools.exec.network: none and full", () => {
  let loopback: Awaited<ReturnType<typeof loopbackServer>>;
  beforeAll(async () => {
    loopback = await loopbackServer();
  });
  afterAll(() => loopback.server.close());

  it("none: no network at all, the proxy included", async () => {
    const skein = await SkeinUnderAttack.start({ tools: { exec: { network: "none" } } });
    try {
      const result = await skein.callTool("exec_shell", {
        command: `curl -sS -m 5 http://127.0.0.1:${loopback.port}/; echo "proxy=$HTTP_PROXY"`,
      });
      expect(result.stdout).toBe("proxy=\n");
      expect(loopback.hits).toEqual([]);
    } finally {
      await skein.close();
    }
  });

  it("full: the host's network, warned at start", async () => {
    const skein = await SkeinUnderAttack.start({ tools: { exec: { network: "full" } } });
    try {
      await skein.skein.waitFor("the host's network");
      expect(skein.skein.stderr()).toMatch(/"level":40[^\n]*the host's network/);
      const result = await skein.callTool("exec_shell", {
        command: `curl -sS -m 5 http://127.0.0.1:${loopback.port}/`,
      });
      expect(result.stdout).toBe("PRIVATE-loopback-secret\n");
    } finally {
      await skein.close();
    }
  });
});
