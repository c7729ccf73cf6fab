import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { send } from "../support/dashboard-client.js";
import { freePort } from "../support/free-port.js";
import { within } from "../support/within.js";
import { alice, bob, SECRETS, SkeinUnderAttack } from "./skein-under-attack.js";

/**
 * The daemon's local HTTP endpoints under attack, through the built CLI: the health port, and
 * the webhooks on a port of their own (`gateway.port`). Attack inputs from peers' advisories:
 * openclaw #5120, #2997 and #9435 (hook token in the query string), openclaw's hook
 * `sessionKey` override (nix-openclaw #113), DNS rebinding (bytebase/dbhub #304,
 * UI-TARS-desktop GHSA-x4q8-2g66-789p: a foreign `Host` on a loopback server).
 */

const alertsToken = "alerts-hook-token-0123456789abcdef";
const ciToken = "ci-hook-token-fedcba9876543210xyz";

let skein: SkeinUnderAttack;
let healthPort: number;
let hookPort: number;

beforeAll(async () => {
  hookPort = await freePort();
  skein = await SkeinUnderAttack.start({
    gateway: { port: hookPort, hosts: ["skein.example.com"] },
    hooks: {
      alerts: {
        token: alertsToken,
        deliver_to: { channel: "telegram", chat_id: String(alice.id) },
        rate_per_minute: 3,
      },
      ci: { token: ciToken, deliver_to: { channel: "telegram", chat_id: String(alice.id) }, mode: "agent" },
    },
  });
  const listening = await skein.skein.waitForLine("health endpoint listening");
  healthPort = listening.port as number;
});
afterAll(async () => {
  await skein?.close();
});

function post(name: string, body: unknown, headers: Record<string, string> = {}, path = `/hooks/${name}`) {
  return send(hookPort, path, {
    method: "POST",
    headers: {
      authorization: `Bearer ${name === "ci" ? ciToken : alertsToken}`,
      "content-type": "application/json",
      ...headers,
    },
    body: JSON.stringify(body),
  });
}

/** What the bot sent to alice's chat containing `text`, once it arrived. */
async function sentToAlice(text: string) {
  const found = () => skein.telegram.sent.find((sent) => sent.chat_id === alice.id && sent.visibleText.includes(text));
  await within(
    (async () => {
      while (!found()) await skein.telegram.waitForSent(skein.telegram.sent.length + 1);
    })(),
    `a message to alice containing ${text}`,
    () => skein.telegram.sent.map((sent) => sent.visibleText),
  );
  return found()!;
}

describe("the Host check (DNS rebinding)", () => {
  it.each([
    ["127.0.0.1", 200],
    ["localhost", 200],
    ["LOCALHOST.", 200],
    ["[::1]", 200],
    ["skein.example.com", 200],
    ["evil.example", 421],
    ["127.0.0.1.nip.io", 421],
    ["localhost.evil.example", 421],
    ["skein.example.com.evil.example", 421],
  ])("answers /healthz with Host %s: %i", async (host, status) => {
    const answer = await send(healthPort, "/healthz", { headers: { host: `${host}:${healthPort}` } });
    expect(answer.status).toBe(status);
  });

  it("refuses /status and /readyz to a foreign Host, without echoing the name", async () => {
    for (const path of ["/status", "/readyz"]) {
      const answer = await send(healthPort, path, { headers: { host: "evil.example" } });
      expect(answer.status).toBe(421);
      expect(answer.body).not.toContain("evil.example");
      expect(answer.body).not.toContain("channels");
    }
  });

  it("never delivers a hook request with a foreign Host, even with the right token", async () => {
    const answer = await post("alerts", { text: "rebound delivery" }, { host: "evil.example" });
    expect(answer.status).toBe(421);
    const healthHooks = await send(healthPort, "/hooks/alerts", {
      method: "POST",
      headers: { host: "evil.example", authorization: `Bearer ${alertsToken}`, "content-type": "text/plain" },
      body: "rebound delivery",
    });
    expect(healthHooks.status).toBe(421);
    await post("alerts", { text: "after the rebinding attempt" });
    await sentToAlice("after the rebinding attempt");
    expect(skein.telegram.sent.some((sent) => sent.visibleText.includes("rebound delivery"))).toBe(false);
  });

  it("sends no CORS headers, not even to a preflight", async () => {
    const origin = { origin: "http://evil.example", "access-control-request-method": "POST" };
    for (const answer of [
      await send(healthPort, "/status", { headers: origin }),
      await send(healthPort, "/status", { method: "OPTIONS", headers: origin }),
      await send(hookPort, "/hooks/alerts", { method: "OPTIONS", headers: origin }),
    ]) {
      expect(Object.keys(answer.headers).filter((name) => name.startsWith("access-control-"))).toEqual([]);
    }
  });

  it("serves no secret on /status", async () => {
    const answer = await send(healthPort, "/status");
    expect(answer.status).toBe(200);
    for (const secret of [...Object.values(SECRETS), alertsToken, ciToken, skein.telegram.token])
      expect(answer.body).not.toContain(secret);
  });
});

describe("webhooks", () => {
  it("refuses a token in the query string with 400 whatever the headers carry, and never logs it", async () => {
    const withHeader = await post("alerts", { text: "query token" }, {}, `/hooks/alerts?token=${alertsToken}`);
    expect(withHeader.status).toBe(400);
    const alone = await send(hookPort, `/hooks/alerts?token=${alertsToken}`, {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: "query token",
    });
    expect(alone.status).toBe(400);
    const sneaky = await post("alerts", { text: "query token" }, {}, `/hooks/alerts?x=${alertsToken}`);
    expect(sneaky.status).toBe(400);
    expect(skein.skein.stderr()).not.toContain(alertsToken);
    expect(skein.telegram.sent.some((sent) => sent.visibleText.includes("query token"))).toBe(false);
  });

  it("answers 401 to one hook's token on another hook", async () => {
    const answer = await post("ci", { build: "main #1" }, { authorization: `Bearer ${alertsToken}` });
    expect(answer.status).toBe(401);
  });

  it("answers 405 to other methods without counting them towards the hook's rate limit", async () => {
    for (const method of ["GET", "PUT", "DELETE", "PATCH", "GET", "GET"]) {
      const answer = await send(hookPort, "/hooks/alerts", {
        method,
        headers: { authorization: `Bearer ${alertsToken}` },
      });
      expect(answer.status).toBe(405);
    }
    // rate_per_minute is 3; the rebinding test above used one.
    expect((await post("alerts", { text: "after the other methods (1)" })).status).toBe(202);
    expect((await post("alerts", { text: "after the other methods (2)" })).status).toBe(202);
  });

  it("runs an agent hook only in its deliver_to chat, whatever routing fields the body carries", async () => {
    const hostile = {
      sessionKey: `telegram:${bob.id}`,
      chat_id: String(bob.id),
      channel: "slack",
      to: `telegram:${bob.id}`,
      model: "evil-model",
      agent: "evil-agent",
    };
    const requests = skein.model.requests.length;
    const answer = await post("ci", { text: "build main #9 failed", ...hostile });
    expect(answer.status).toBe(202);
    await sentToAlice("build main #9 failed");
    expect(skein.telegram.sent.filter((sent) => sent.chat_id === bob.id)).toEqual([]);
    const asked = skein.model.requests.slice(requests);
    expect(asked.length).toBeGreaterThan(0);
    for (const request of asked) expect(request.body.model).not.toBe("evil-model");
  });

  it.each([
    ["without a valid token", "Bearer wrong-token-000000000000000", 401],
    ["with the hook's token", `Bearer ${alertsToken}`, 413],
  ])("refuses a 50 MB body %s before any of it is sent", async (_case, authorization, status) => {
    const socket = connect(hookPort, "127.0.0.1");
    socket.on("error", () => {});
    const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
    let answer = "";
    socket.on("data", (chunk: Buffer) => (answer += chunk.toString()));
    socket.write(
      `POST /hooks/alerts HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${authorization}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${50 * 1024 * 1024}\r\n\r\n`,
    );
    // Not a byte of the body is written: the answer must not wait for it.
    await within(closed, "the server to answer and close the connection", () => answer);
    expect(answer).toMatch(new RegExp(`^HTTP/1\\.1 ${status}`));
    expect(answer.toLowerCase()).toContain("connection: close");
    expect((await send(healthPort, "/healthz")).status).toBe(200);
  });
});
