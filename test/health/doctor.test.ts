import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import { type AddressInfo, connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, onTestFinished } from "vitest";
import { type DoctorOptions, runDoctor } from "../../src/health/doctor.js";
import type { ConnectMcpOptions, McpHub } from "../../src/tools/mcp/hub.js";
import { FakeCredentials } from "../fakes/fake-credentials.js";
import { FakeOpenAI } from "../fakes/fake-openai.js";
import { refusedPort } from "../fakes/refused-port.js";

const tokens = {
  telegram: "123456:telegram-secret-token",
  slackBot: "xoxb-slack-secret-token",
  slackApp: "xapp-slack-app-secret",
  discord: "discord.secret.token",
};
const apiKey = "sk-openai-secret-key";

let llm: FakeOpenAI;
let platforms: FakeCredentials;
let home: string;

beforeAll(async () => {
  [llm, platforms] = await Promise.all([FakeOpenAI.start(), FakeCredentials.start(tokens)]);
});
afterAll(async () => {
  await Promise.all([llm.close(), platforms.close()]);
});
beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), "skein-doctor-"));
  await mkdir(join(home, "workspace"));
});
afterEach(async () => {
  await rm(home, { recursive: true, force: true });
});

/** An environment where every check can pass, with `overrides` on top. */
function environment(overrides: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    HOME: home,
    SKEIN_HOME: home,
    OPENAI_API_KEY: apiKey,
    OPENAI_BASE_URL: llm.baseUrl,
    SKEIN_MODEL: "fake-model",
    TELEGRAM_BOT_TOKEN: tokens.telegram,
    TELEGRAM_API_ROOT: platforms.telegramApiRoot,
    SLACK_BOT_TOKEN: tokens.slackBot,
    SLACK_APP_TOKEN: tokens.slackApp,
    SLACK_API_URL: platforms.slackApiUrl,
    DISCORD_BOT_TOKEN: tokens.discord,
    DISCORD_API_URL: platforms.discordApiUrl,
    ...overrides,
  };
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete env[key];
  return env;
}

/**
 * Runs doctor with a stand-in for bubblewrap that always works (`true`), so the sandbox line is the same on every
 * machine, and a stand-in for Chromium (`/bin/sh`), so the browser line is too.
 */
async function doctor(env: NodeJS.ProcessEnv, options: Partial<DoctorOptions> = {}) {
  const lines: string[] = [];
  const report = await runDoctor({
    env,
    ignoreDotEnv: true,
    cwd: home,
    symbols: false,
    timeoutMs: 5_000,
    bwrap: "true",
    chromium: "/bin/sh",
    write: (line) => lines.push(line),
    ...options,
  });
  const output = lines.join("\n");
  const line = (name: string) => lines.find((text) => new RegExp(`^\\S+\\s+${name}\\s`).test(text));
  return { ...report, lines, output, line };
}

function expectNoSecrets(output: string) {
  for (const secret of [...Object.values(tokens), apiKey, "wrong-token-that-is-secret"])
    expect(output).not.toContain(secret);
}

describe("skein doctor", () => {
  it("passes every check against working services, one line each", async () => {
    const result = await doctor(environment());
    expect(result.exitCode).toBe(0);
    expect(result.lines).toEqual([
      `ok   config        no config file at ${join(home, "config.json")}; using defaults and the environment`,
      `ok   workspace     ${join(home, "workspace")} is writable`,
      expect.stringMatching(
        /^ok {3}sandbox {7}commands run in bubblewrap \(no daemon secrets, no \$SKEIN_HOME, own \/proc; network to public addresses only, through skein's guarded proxy; at most 256 processes \((a pids cgroup per call under \/sys\/fs\/cgroup\S*|RLIMIT_NPROC in the call's user namespace)\), 2048 MB per process\)$/,
      ),
      "ok   browser       on: /bin/sh, one per conversation (at most 4), where commands run; public addresses only",
      `ok   llm           ${llm.baseUrl} answers; model fake-model is available`,
      "ok   telegram      token accepted: @skein_test_bot (id 4242)",
      "ok   slack         token accepted: @skein in Skein Team",
      "ok   slack socket  token accepted",
      "ok   discord       token accepted: @skein (id 777)",
      "all 9 checks passed",
    ]);
    expectNoSecrets(result.output);
  });

  it("asks each platform who the bot is, once per token", async () => {
    platforms.calls.length = 0;
    await doctor(environment());
    expect(platforms.calls.sort()).toEqual([
      "GET /bot123456:telegram-secret-token/getMe",
      "GET /v10/users/@me",
      "POST /api/apps.connections.open",
      "POST /api/auth.test",
    ]);
  });

  it("fails the sandbox check, with the fix, when tools.exec.sandbox is auto and bubblewrap is missing", async () => {
    const result = await doctor(environment(), { bwrap: "/nonexistent/bwrap" });
    expect(result.exitCode).toBe(1);
    expect(result.line("sandbox")).toBe(
      "FAIL sandbox       exec_shell and spawn are refused: no working bubblewrap here (bubblewrap (bwrap) is not installed)",
    );
    expect(result.output).toContain("fix: install bubblewrap (Debian/Ubuntu: apt-get install bubblewrap");
    expect(result.output).toContain('or set tools.exec.sandbox to "none"');
  });

  it("says the browser is off where no Chromium is found, with how to install one, and off when switched off", async () => {
    const missing = await doctor(environment(), { chromium: undefined });
    expect(missing.exitCode).toBe(0);
    expect(missing.line("browser")).toBe(
      "warn browser       off: no Chromium found (looked for chromium, chromium-browser, google-chrome on PATH)",
    );
    expect(missing.output).toContain("fix: install Chromium (Debian/Ubuntu: apt-get install chromium;");
    await writeFile(join(home, "config.json"), JSON.stringify({ tools: { browser: { enabled: false } } }));
    try {
      expect((await doctor(environment())).line("browser")).toBe(
        "ok   browser       off (tools.browser.enabled is false)",
      );
      await writeFile(join(home, "config.json"), JSON.stringify({ tools: { browser: { enabled: true } } }));
      const asked = await doctor(environment(), { chromium: undefined });
      expect(asked.exitCode).toBe(1);
      expect(asked.line("browser")).toMatch(/^FAIL browser +tools.browser.enabled is true, but no Chromium found/);
    } finally {
      await rm(join(home, "config.json"), { force: true });
    }
  });

  it("warns when commands get the host's network (tools.exec.network: full)", async () => {
    await writeFile(join(home, "config.json"), JSON.stringify({ tools: { exec: { network: "full" } } }));
    try {
      const result = await doctor(environment());
      expect(result.line("sandbox")).toMatch(/^warn sandbox +commands run in bubblewrap .*the host's network/);
    } finally {
      await rm(join(home, "config.json"), { force: true });
    }
  });

  it("reports a wrong Telegram token with a remedy, without printing the token", async () => {
    const result = await doctor(environment({ TELEGRAM_BOT_TOKEN: "wrong-token-that-is-secret" }));
    expect(result.exitCode).toBe(1);
    expect(result.line("telegram")).toBe("FAIL telegram      getMe rejected the token (HTTP 401: Unauthorized)");
    expect(result.output).toContain(
      "fix: check TELEGRAM_BOT_TOKEN (channels.telegram.token): copy it again from @BotFather",
    );
    expect(result.line("discord")).toMatch(/^ok /);
    expect(result.lines.at(-1)).toBe("9 checks: 8 passed, 1 failed");
    expectNoSecrets(result.output);
  });

  it("reports wrong Slack bot and app tokens", async () => {
    const result = await doctor(
      environment({ SLACK_BOT_TOKEN: "xoxb-wrong-token-that-is-secret", SLACK_APP_TOKEN: "xapp-wrong" }),
    );
    expect(result.exitCode).toBe(1);
    expect(result.line("slack")).toBe("FAIL slack         auth.test rejected the token (invalid_auth)");
    expect(result.line("slack socket")).toBe(
      "FAIL slack socket  apps.connections.open rejected the token (invalid_auth)",
    );
    expect(result.output).toContain("fix: check SLACK_BOT_TOKEN");
    expect(result.output).toContain("fix: check SLACK_APP_TOKEN");
    expect(result.output).not.toContain("xoxb-wrong-token-that-is-secret");
  });

  it("says how Slack receives events, and fails when it cannot", async () => {
    const http = await doctor(
      environment({ SLACK_APP_TOKEN: undefined, SLACK_SIGNING_SECRET: "signing-secret", SLACK_PORT: "3999" }),
    );
    expect(http.line("slack mode")).toBe("ok   slack mode    HTTP events on port 3999 (signing secret set)");
    const neither = await doctor(environment({ SLACK_APP_TOKEN: undefined }));
    expect(neither.exitCode).toBe(1);
    expect(neither.line("slack mode")).toMatch(/^FAIL slack mode +neither an app token/);
  });

  it("reports a wrong Discord token", async () => {
    const result = await doctor(environment({ DISCORD_BOT_TOKEN: "wrong-token-that-is-secret" }));
    expect(result.exitCode).toBe(1);
    expect(result.line("discord")).toBe("FAIL discord       users/@me rejected the token (HTTP 401: Unauthorized)");
    expect(result.output).toContain("fix: check DISCORD_BOT_TOKEN");
    expectNoSecrets(result.output);
  });

  it("reports an unreachable LLM endpoint", async () => {
    const refused = await refusedPort();
    onTestFinished(refused.release);
    const closed = `http://127.0.0.1:${refused.port}/v1`;
    const result = await doctor(environment({ OPENAI_BASE_URL: closed }));
    expect(result.exitCode).toBe(1);
    expect(result.line("llm")).toBe(`FAIL llm           ${closed} is unreachable (ECONNREFUSED)`);
    expect(result.output).toContain(
      "fix: check OPENAI_BASE_URL (providers.openai.base_url) and that the server is running",
    );
  });

  it("explains a port that fetch refuses to use", async () => {
    const result = await doctor(environment({ OPENAI_BASE_URL: "http://127.0.0.1:9/v1" }));
    expect(result.line("llm")).toBe(
      "FAIL llm           http://127.0.0.1:9/v1 is unreachable (fetch refuses this port; use another)",
    );
  });

  it("checks Telegram through TELEGRAM_PROXY when one is set", async () => {
    const tunnels: string[] = [];
    const proxy = createServer();
    proxy.on("connect", (request, client: Socket) => {
      tunnels.push(request.url ?? "");
      const [host = "", port = ""] = (request.url ?? "").split(":");
      const upstream = connect(Number(port), host, () => {
        client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
        upstream.pipe(client).pipe(upstream);
      });
      upstream.on("error", () => client.destroy());
      client.on("error", () => upstream.destroy());
    });
    await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
    try {
      const proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
      const result = await doctor(environment({ TELEGRAM_PROXY: proxyUrl }));
      expect(result.line("telegram")).toBe("ok   telegram      token accepted: @skein_test_bot (id 4242)");
      expect(tunnels).toEqual([new URL(platforms.telegramApiRoot).host]);
    } finally {
      proxy.closeAllConnections();
      await new Promise((resolve) => proxy.close(resolve));
    }
  });

  it("reports an LLM endpoint that never answers, within the time limit", async () => {
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    try {
      const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/v1`;
      const result = await doctor(environment({ OPENAI_BASE_URL: url }), { timeoutMs: 200 });
      expect(result.line("llm")).toBe(`FAIL llm           ${url} is unreachable (no answer within 0.2 s)`);
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it("reports an API key the LLM endpoint rejects", async () => {
    const rejecting: typeof fetch = async (input, init) =>
      String(input).endsWith("/models")
        ? Response.json(
            { error: { message: "Incorrect API key provided" } },
            { status: 401, statusText: "Unauthorized" },
          )
        : fetch(input, init);
    const result = await doctor(environment(), { fetch: rejecting });
    expect(result.exitCode).toBe(1);
    expect(result.line("llm")).toBe(
      `FAIL llm           ${llm.baseUrl} rejected the API key (HTTP 401: Incorrect API key provided)`,
    );
    expect(result.output).toContain("fix: check OPENAI_API_KEY (providers.openai.api_key)");
  });

  it("fails without an API key for api.openai.com", async () => {
    const result = await doctor(environment({ OPENAI_API_KEY: undefined, OPENAI_BASE_URL: undefined }));
    expect(result.line("llm")).toBe("FAIL llm           no API key for api.openai.com");
  });

  it("checks each provider the model and its fallbacks reach, and leaves an unused providers.openai out", async () => {
    const refused = await refusedPort();
    onTestFinished(refused.release);
    const closed = `http://127.0.0.1:${refused.port}/v1`;
    await writeFile(
      join(home, "config.json"),
      JSON.stringify({
        providers: { local: { base_url: llm.baseUrl, api_key: apiKey }, backup: { base_url: closed } },
        agents: { defaults: { fallbacks: ["backup/big-model"] } },
      }),
    );
    const result = await doctor(environment({ OPENAI_API_KEY: undefined, OPENAI_BASE_URL: undefined }));

    expect(result.line("llm local")).toBe(`ok   llm local     ${llm.baseUrl} answers; model fake-model is available`);
    expect(result.line("llm backup")).toBe(`FAIL llm backup    ${closed} is unreachable (ECONNREFUSED)`);
    expect(result.output).toContain("fix: check providers.backup.base_url and that the server is running");
    expect(result.output).not.toContain("api.openai.com");
    expect(result.exitCode).toBe(1);
    expectNoSecrets(result.output);
  });

  it("warns, without failing, when the model is not among the endpoint's models", async () => {
    const result = await doctor(environment({ SKEIN_MODEL: "gpt-9" }));
    expect(result.exitCode).toBe(0);
    expect(result.line("llm")).toBe(
      `warn llm           ${llm.baseUrl} answers, but model gpt-9 is not among its 1 models`,
    );
  });

  it("passes on a fresh home, where skein start will create the default workspace", async () => {
    await rm(join(home, "workspace"), { recursive: true });
    const result = await doctor(environment());
    expect(result.exitCode).toBe(0);
    expect(result.line("workspace")).toBe(
      `ok   workspace     ${join(home, "workspace")} does not exist yet; skein start creates it`,
    );
  });

  it("accepts an LLM server that only speaks Chat Completions (no /models), with one tiny request", async () => {
    const bodies: unknown[] = [];
    const server = createServer((request, response) => {
      let text = "";
      request.on("data", (chunk: Buffer) => (text += chunk.toString()));
      request.on("end", () => {
        if (request.method !== "POST" || request.url !== "/v1/chat/completions") {
          response.writeHead(404).end();
          return;
        }
        bodies.push(JSON.parse(text));
        response.writeHead(200, { "content-type": "application/json" });
        response.end(
          JSON.stringify({
            id: "c",
            object: "chat.completion",
            created: 0,
            model: "fake-model",
            choices: [{ index: 0, message: { role: "assistant", content: "p" }, finish_reason: "length" }],
          }),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
    try {
      const result = await doctor(environment({ OPENAI_BASE_URL: baseUrl }));
      expect(result.line("llm")).toBe(
        `ok   llm           ${baseUrl} answers; model fake-model completed a test request`,
      );
      expect(result.exitCode).toBe(0);
      expect(bodies).toEqual([{ model: "fake-model", messages: [{ role: "user", content: "ping" }], max_tokens: 1 }]);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it("reports a missing workspace with the command that creates it", async () => {
    const workspace = join(home, "not-there");
    const result = await doctor(environment({ SKEIN_WORKSPACE: workspace }));
    expect(result.exitCode).toBe(1);
    expect(result.line("workspace")).toBe(`FAIL workspace     ${workspace} does not exist`);
    expect(result.output).toContain(`fix: mkdir -p ${workspace}`);
  });

  it("reports a workspace that is a file", async () => {
    const workspace = join(home, "a-file");
    await writeFile(workspace, "");
    const result = await doctor(environment({ SKEIN_WORKSPACE: workspace }));
    expect(result.line("workspace")).toBe(`FAIL workspace     ${workspace} is not a directory`);
  });

  it("stops at an invalid config, naming the key", async () => {
    await writeFile(join(home, "config.json"), JSON.stringify({ agents: { defaults: { memory_window: 0 } } }));
    const result = await doctor(environment());
    expect(result.exitCode).toBe(1);
    expect(result.lines[0]).toMatch(/^FAIL config +invalid configuration/);
    expect(result.output).toContain("agents.defaults.memory_window:");
    expect(result.output).toContain("fix: fix the keys named above");
    expect(result.lines.at(-1)).toBe("1 check: 1 failed");
  });

  it("notes when no chat platform is configured (the web chat alone), without failing", async () => {
    const result = await doctor(
      environment({ TELEGRAM_BOT_TOKEN: undefined, SLACK_BOT_TOKEN: undefined, DISCORD_BOT_TOKEN: undefined }),
    );
    expect(result.exitCode).toBe(0);
    expect(result.line("channels")).toBe(
      "warn channels      no chat platform is configured, so the dashboard's web chat is the only channel",
    );
    expect(result.output).toMatch(
      /fix: run `skein init`, or set TELEGRAM_BOT_TOKEN.*DISCORD_BOT_TOKEN.*then restart skein/,
    );
    expect(result.lines.at(-1)).toBe("6 checks: 5 passed, 1 warning");
  });

  it("marks lines with ✓ and ✗ on a terminal", async () => {
    const result = await doctor(environment({ DISCORD_BOT_TOKEN: "wrong-token-that-is-secret" }), { symbols: true });
    expect(result.line("telegram")).toMatch(/^✓ telegram /);
    expect(result.line("discord")).toMatch(/^✗ discord /);
  });

  describe("MCP servers", () => {
    const servers = {
      files: { command: "mcp-files" },
      search: { url: "http://127.0.0.1:9/mcp", headers: { authorization: "Bearer mcp-header-secret" } },
      old: { command: "mcp-old", enabled: false },
    };
    /** A hub that reports `reported` and records what it was asked and whether it was closed. */
    function fakeHub(reported: ReturnType<McpHub["servers"]>) {
      const seen = { options: undefined as ConnectMcpOptions | undefined, closed: false };
      const connect = async (options: ConnectMcpOptions): Promise<McpHub> => {
        seen.options = options;
        return {
          servers: () => reported,
          close: async () => {
            seen.closed = true;
          },
        };
      };
      return { seen, connect };
    }
    const noChannels = { TELEGRAM_BOT_TOKEN: undefined, SLACK_BOT_TOKEN: undefined, DISCORD_BOT_TOKEN: undefined };

    it("reports each server on its own line, fails on a failed one, and closes them all", async () => {
      await writeFile(join(home, "config.json"), JSON.stringify({ tools: { mcp_servers: servers } }));
      const hub = fakeHub([
        { name: "files", state: "connected", tools: ["read", "write"] },
        { name: "search", state: "failed", tools: [], error: "HTTP 401 (sent Bearer mcp-header-secret)" },
        { name: "old", state: "skipped", tools: [], error: "disabled" },
      ]);
      const result = await doctor(environment(noChannels), { connectMcp: hub.connect });
      expect(Object.keys(hub.seen.options!.servers)).toEqual(["files", "search", "old"]);
      expect(hub.seen.closed).toBe(true);
      expect(result.line("mcp files")).toBe("ok   mcp files     connected, 2 tools");
      expect(result.line("mcp search")).toBe("FAIL mcp search    failed: HTTP 401 (sent [redacted])");
      expect(result.output).toContain("fix: check tools.mcp_servers.search (command, args, url)");
      expect(result.line("mcp old")).toBe("warn mcp old       skipped: disabled");
      expect(result.exitCode).toBe(1);
    });

    it("warns about a configured server the hub does not report", async () => {
      await writeFile(join(home, "config.json"), JSON.stringify({ tools: { mcp_servers: { files: servers.files } } }));
      const result = await doctor(environment(noChannels), { connectMcp: fakeHub([]).connect });
      expect(result.line("mcp files")).toBe("warn mcp files     configured but not reported by the MCP hub");
    });

    it("gives up on servers that do not connect in time, and still closes them when they do", async () => {
      await writeFile(join(home, "config.json"), JSON.stringify({ tools: { mcp_servers: { files: servers.files } } }));
      let release!: () => void;
      let closed!: () => void;
      const closedLate = new Promise<void>((resolve) => (closed = resolve));
      const slow = async (): Promise<McpHub> => {
        await new Promise<void>((resolve) => (release = resolve));
        return { servers: () => [], close: async () => closed() };
      };
      const result = await doctor(environment(noChannels), { connectMcp: slow, mcpTimeoutMs: 100 });
      expect(result.line("mcp")).toBe("FAIL mcp           connecting the MCP servers failed: no answer within 0.1 s");
      release();
      await closedLate;
    });

    it("prints nothing about MCP when no server is configured", async () => {
      const hub = fakeHub([]);
      const result = await doctor(environment(noChannels), { connectMcp: hub.connect });
      expect(hub.seen.options).toBeUndefined();
      expect(result.output).not.toMatch(/^\S+\s+mcp/m);
    });
  });
});
