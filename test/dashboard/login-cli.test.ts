import { readdir, writeFile } from "node:fs/promises";
import { get } from "node:http";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alice, SkeinUnderAttack } from "../security/skein-under-attack.js";
import { DashboardClient, loginUrlIn, send, skeinDashboard } from "../support/dashboard-client.js";
import { within } from "../support/within.js";

/** The dashboard's login and its guards, through the built CLI: one daemon for the whole file. */

let skein: SkeinUnderAttack;
let port: number;

beforeAll(async () => {
  skein = await SkeinUnderAttack.start();
  port = (await skein.skein.waitForLine("dashboard listening")).port as number;
});
afterAll(async () => {
  await skein?.close();
});

/** Follows a login link as a browser would, without following the redirect. */
function follow(url: URL) {
  return send(Number(url.port), `${url.pathname}${url.search}`, { headers: { host: url.host } });
}

describe("skein dashboard", () => {
  it("prints a one-time login link on a line of its own that sets an HttpOnly, SameSite=Strict cookie", async () => {
    const printed = await skeinDashboard(skein.home);
    expect(printed.exitCode).toBe(0);
    const url = loginUrlIn(printed.stdout);
    expect(url.origin).toBe(`http://127.0.0.1:${port}`);

    const first = await follow(url);
    expect(first.status).toBe(303);
    expect(first.headers.location).toBe("/");
    const cookie = [first.headers["set-cookie"]].flat()[0]!;
    expect(cookie).toMatch(/^skein_session=[A-Za-z0-9_-]{43}; /);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Strict");
    expect(cookie).toContain("Path=/");

    const again = await follow(url);
    expect(again.status).toBe(401);
    expect(again.body).toContain("skein dashboard");
    expect(again.headers["set-cookie"]).toBeUndefined();
  });

  it("keeps no token in the clear under $SKEIN_HOME/dashboard, and its files are 0600", async () => {
    const url = loginUrlIn((await skeinDashboard(skein.home)).stdout);
    const token = url.searchParams.get("token")!;
    const logins = await readdir(join(skein.home, "dashboard", "logins"));
    expect(logins.length).toBeGreaterThan(0);
    expect(logins.join()).not.toContain(token);
    const { stat } = await import("node:fs/promises");
    for (const name of logins)
      expect((await stat(join(skein.home, "dashboard", "logins", name))).mode & 0o777).toBe(0o600);
    expect((await follow(url)).status).toBe(303);
  });

  it("answers an unknown or malformed token with the page that says to run skein dashboard again", async () => {
    for (const token of ["A".repeat(43), "nope", ""]) {
      const answer = await send(port, `/login?token=${token}`);
      expect(answer.status).toBe(401);
      expect(answer.body).toContain("skein dashboard");
    }
  });
});

describe("the dashboard's guards", () => {
  it("serves the UI with a strict Content-Security-Policy, nosniff and no referrer", async () => {
    const page = await send(port, "/");
    expect(page.status).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.headers["content-security-policy"]).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
    );
    expect(page.headers["x-content-type-options"]).toBe("nosniff");
    expect(page.headers["referrer-policy"]).toBe("no-referrer");
    expect((await send(port, "/assets/../config.json")).status).toBe(404);
  });

  it("refuses every API request without a session cookie: 401 login required", async () => {
    for (const path of ["/api/session", "/api/events", "/api/overview"]) {
      const answer = await send(port, path);
      expect(answer.status).toBe(401);
      expect(JSON.parse(answer.body)).toEqual({ error: "login required" });
      expect(answer.headers["cache-control"]).toBe("no-store");
    }
    const forged = await send(port, "/api/session", { headers: { cookie: `skein_session=${"x".repeat(43)}` } });
    expect(forged.status).toBe(401);
  });

  it("answers /api/session with the CSRF token and the expiry 7 days ahead", async () => {
    const client = await DashboardClient.login(skein.home);
    const { status, body } = await client.get<{ csrf: string; expires_at: string }>("/api/session");
    expect(status).toBe(200);
    expect(body.csrf).toBe(client.csrf);
    const days = (Date.parse(body.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
  });

  it("refuses a foreign Host (421), a foreign Origin or Referer (403) and a missing or wrong CSRF token (403)", async () => {
    const client = await DashboardClient.login(skein.home);
    const cookie = client.cookie;
    expect((await send(port, "/api/session", { headers: { cookie, host: "evil.example" } })).status).toBe(421);
    expect((await send(port, "/", { headers: { host: "evil.example" } })).status).toBe(421);
    expect((await send(port, "/login?token=x", { headers: { host: "evil.example" } })).status).toBe(421);
    const logout = (headers: Record<string, string>) =>
      send(port, "/api/logout", { method: "POST", headers: { cookie, ...headers } });
    const foreignOrigin = await logout({ "x-csrf-token": client.csrf, origin: "http://evil.example" });
    expect(foreignOrigin.status).toBe(403);
    expect((await logout({ "x-csrf-token": client.csrf, origin: "null" })).status).toBe(403);
    expect((await logout({ "x-csrf-token": client.csrf, referer: "http://evil.example/page" })).status).toBe(403);
    const noCsrf = await logout({ origin: `http://127.0.0.1:${port}` });
    expect(noCsrf.status).toBe(403);
    expect(JSON.parse(noCsrf.body).error).toContain("X-CSRF-Token");
    expect((await logout({ "x-csrf-token": `${client.csrf.slice(1)}x` })).status).toBe(403);
    expect((await client.get("/api/session")).status).toBe(200);
  });

  it("ends the session on logout", async () => {
    const client = await DashboardClient.login(skein.home);
    const out = await client.call("POST", "/api/logout");
    expect(out.status).toBe(200);
    expect((await client.get("/api/session")).status).toBe(401);
  });

  it("refuses a session past its expiry", async () => {
    const client = await DashboardClient.login(skein.home);
    const dir = join(skein.home, "dashboard", "sessions");
    const { createHash } = await import("node:crypto");
    const hash = createHash("sha256").update(client.cookie.split("=")[1]!).digest("hex");
    expect(await readdir(dir)).toContain(hash);
    await writeFile(join(dir, hash), `${Date.now() - 1000}\n`);
    expect((await client.get("/api/session")).status).toBe(401);
  });

  it("ends every session and closes their event streams on skein dashboard --revoke-all", async () => {
    const [first, second] = [await DashboardClient.login(skein.home), await DashboardClient.login(skein.home)];
    const stream = await new Promise<import("node:http").IncomingMessage>((resolve, reject) =>
      get({ host: "127.0.0.1", port, path: "/api/events", headers: { cookie: first.cookie } }, resolve).on(
        "error",
        reject,
      ),
    );
    expect(stream.statusCode).toBe(200);
    expect(stream.headers["content-type"]).toContain("text/event-stream");
    const ended = new Promise<void>((resolve) => {
      stream.on("end", resolve);
      stream.on("close", resolve);
      stream.resume();
    });
    const revoked = await skeinDashboard(skein.home, ["--revoke-all"]);
    expect(revoked.exitCode).toBe(0);
    expect(revoked.stdout).toMatch(/^Ended \d+ dashboard sessions?/);
    await within(ended, "the event stream to close", () => "open");
    expect((await first.get("/api/session")).status).toBe(401);
    expect((await second.get("/api/session")).status).toBe(401);
    // The daemon still answers its chats.
    expect((await skein.say(alice, 'answer "still here"')).visibleText).toBe("still here");
  });
});
