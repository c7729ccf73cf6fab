import { Writable } from "node:stream";
import type { DestinationStream } from "pino";
import { describe, expect, it } from "vitest";
import { createLogger } from "../src/log.js";

function capture() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(...chunk.toString().split("\n").filter(Boolean));
      callback();
    },
  });
  return { lines, destination: destination as unknown as DestinationStream };
}

describe("the logger", () => {
  it("writes JSON lines at the configured level", async () => {
    const { lines, destination } = capture();
    const log = await createLogger({ level: "warn", destination, pretty: false });
    log.info("hidden");
    log.warn({ channel: "telegram" }, "shown");
    expect(lines.map((line) => JSON.parse(line))).toEqual([
      expect.objectContaining({ level: 40, channel: "telegram", msg: "shown" }),
    ]);
  });

  it("redacts secrets wherever they appear, up to two levels deep", async () => {
    const { lines, destination } = capture();
    const log = await createLogger({ level: "info", destination, pretty: false });
    log.info(
      {
        api_key: "sk-top",
        config: { token: "123:telegram-secret", nested: { signing_secret: "slack-secret" } },
        headers: { authorization: "Bearer sk-header" },
      },
      "with secrets",
    );
    const line = lines.join("\n");
    for (const secret of ["sk-top", "123:telegram-secret", "slack-secret", "sk-header"])
      expect(line).not.toContain(secret);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      api_key: "[redacted]",
      config: { token: "[redacted]", nested: { signing_secret: "[redacted]" } },
    });
  });

  it("redacts secret keys in child bindings and in a logged error, leaving the logged objects as they were", async () => {
    const { lines, destination } = capture();
    const log = await createLogger({ level: "info", destination, pretty: false });
    const request = { url: "https://api.example/v1", headers: { authorization: "Bearer sk-inside" } };
    const error = Object.assign(new Error("refused"), { config: { apiKey: "sk-config" } });
    log.child({ component: "client", token: "123:bound-secret" }).warn({ err: error, request }, "failed");
    const line = lines.join("\n");
    for (const secret of ["123:bound-secret", "sk-inside", "sk-config"]) expect(line).not.toContain(secret);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      component: "client",
      token: "[redacted]",
      err: { message: "refused", config: { apiKey: "[redacted]" } },
      request: { url: "https://api.example/v1", headers: { authorization: "[redacted]" } },
    });
    expect(request.headers.authorization).toBe("Bearer sk-inside");
  });

  it("redacts configured secret values inside any string, such as an error quoting a URL with the bot token", async () => {
    const { lines, destination } = capture();
    const log = await createLogger({
      level: "info",
      destination,
      pretty: false,
      secrets: ["123:telegram-secret", "sk-key"],
    });
    const error = new Error("request to http://127.0.0.1/bot123:telegram-secret/getUpdates failed", {
      cause: new Error("GET http://127.0.0.1/bot123:telegram-secret/getMe with sk-key"),
    });
    log.warn({ err: { type: "HttpError", message: "failed", error } }, "polling failed for bot123:telegram-secret");
    const line = lines.join("\n");
    expect(line).toContain("bot[redacted]/getUpdates");
    for (const secret of ["123:telegram-secret", "sk-key"]) expect(line).not.toContain(secret);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 40, msg: "polling failed for bot[redacted]" });
  });

  it("logs an error's cause without stack traces, nested errors included, unless at debug level", async () => {
    const network = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:9"), { code: "ECONNREFUSED" });
    const failure = Object.assign(new Error("Network request for 'getMe' failed!"), { error: network });
    const info = capture();
    (await createLogger({ level: "info", destination: info.destination, pretty: false })).warn({ err: failure }, "x");
    expect(info.lines[0]).not.toContain("    at ");
    expect(JSON.parse(info.lines[0]!).err).toMatchObject({
      message: "Network request for 'getMe' failed!",
      error: { message: "connect ECONNREFUSED 127.0.0.1:9", code: "ECONNREFUSED" },
    });
    const debug = capture();
    (await createLogger({ level: "debug", destination: debug.destination, pretty: false })).warn({ err: failure }, "x");
    expect(JSON.parse(debug.lines[0]!).err.stack).toContain("    at ");
  });
});
