#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);
import { randomUUID } from "node:crypto";
import { constants } from "node:fs";
import { access, stat, unlink, writeFile } from "node:fs/promises";
import { tmpdir, userInfo } from "node:os";
import { dirname, join } from "node:path";
import { ConfigError, loadConfig } from "./chunk-E3XL2VA2.js";
import { silentLogger } from "./chunk-K3B23OA7.js";
import { configSecrets, redactSecrets } from "./chunk-KZUCDV6L.js";
import { unusableWorkspaceReason } from "./chunk-LYAQOSF4.js";
import { resolveModel } from "./chunk-M4L3VU3S.js";
import { configuredChannels, noChannelText, platformChannel, settingsOf } from "./chunk-PSIFTLKK.js";
import { rejectOnAbort } from "./chunk-TLEM5GPM.js";
import { describeAnswer, fail, ok, probe, proxiedFetch, warn } from "./chunk-XR4YVOZP.js";
async function checkWorkspace(workspace, options = {}) {
  const unusable = unusableWorkspaceReason(workspace);
  if (unusable)
    return fail(
      "workspace",
      `${workspace} cannot be used: ${unusable}`,
      "point SKEIN_WORKSPACE (agents.defaults.workspace) at a directory",
    );
  try {
    if (!(await stat(workspace)).isDirectory())
      return fail(
        "workspace",
        `${workspace} is not a directory`,
        "point SKEIN_WORKSPACE (agents.defaults.workspace) at a directory",
      );
  } catch (error) {
    const code = error.code;
    return code === "ENOENT" && options.isDefault && (await canCreate(workspace))
      ? ok("workspace", `${workspace} does not exist yet; skein start creates it`)
      : code === "ENOENT"
        ? fail("workspace", `${workspace} does not exist`, `mkdir -p ${workspace}  (skein start also creates it)`)
        : fail("workspace", `${workspace} cannot be read (${code})`, `make it readable by ${currentUser()}`);
  }
  const probeFile = join(workspace, `.skein-doctor-${randomUUID()}`);
  try {
    return (
      await writeFile(probeFile, "", { flag: "wx" }),
      await unlink(probeFile),
      ok("workspace", `${workspace} is writable`)
    );
  } catch (error) {
    const code = error.code;
    return fail(
      "workspace",
      `${workspace} is not writable (${code})`,
      `make it writable by ${currentUser()}: chown -R ${currentUser()} ${workspace}`,
    );
  }
}
async function canCreate(path) {
  for (let dir = dirname(path); ; dir = dirname(dir))
    try {
      return (await stat(dir)).isDirectory() ? (await access(dir, constants.W_OK | constants.X_OK), !0) : !1;
    } catch (error) {
      if (error.code !== "ENOENT" || dir === dirname(dir)) return !1;
    }
}
function currentUser() {
  try {
    return userInfo().username;
  } catch {
    return `uid ${process.getuid?.() ?? "?"}`;
  }
}
var connectLazily = async (options) => (await import("./hub-VD5KA275.js")).connectMcpServers(options);
async function checkMcpServers(config, timeoutMs, connect = connectLazily) {
  const configured = config.tools.mcp_servers;
  if (Object.keys(configured).length === 0) return [];
  let signal = AbortSignal.timeout(timeoutMs),
    connecting;
  try {
    connecting = connect({
      servers: configured,
      registry: { register: () => {}, unregister: () => !1 },
      log: silentLogger(),
      signal,
    });
    const hub = await rejectOnAbort(connecting, signal);
    try {
      const reported = hub.servers(),
        results = reported.map((server) => {
          const name = `mcp ${server.name}`;
          return server.state === "connected"
            ? ok(name, `connected, ${server.tools.length} tools`)
            : server.state === "skipped"
              ? warn(name, `skipped${server.error ? `: ${server.error}` : ""}`)
              : fail(
                  name,
                  `failed: ${server.error ?? "unknown error"}`,
                  `check tools.mcp_servers.${server.name} (command, args, url); \`skein mcp check\` shows more`,
                );
        });
      for (const name of Object.keys(configured))
        reported.some((server) => server.name === name) ||
          results.push(warn(`mcp ${name}`, "configured but not reported by the MCP hub"));
      return results;
    } finally {
      await hub.close();
    }
  } catch (error) {
    connecting?.then(
      (late) => late.close(),
      () => {},
    );
    const reason = signal.aborted
      ? `no answer within ${timeoutMs / 1e3} s`
      : error instanceof Error
        ? error.message
        : String(error);
    return [
      fail(
        "mcp",
        `connecting the MCP servers failed: ${reason}`,
        "check tools.mcp_servers; `skein mcp check` shows more",
      ),
    ];
  }
}
async function checkSandbox(config, workspace, bwrap) {
  const { sandboxCheck } = await import("./sandbox-Y2G36DZK.js"),
    { sandbox: mode, network } = config.tools.exec,
    probeDir = await stat(workspace).then(
      (stats) => (stats.isDirectory() ? workspace : tmpdir()),
      () => tmpdir(),
    ),
    result = await sandboxCheck({ mode, network, workspace: probeDir, ...(bwrap ? { bwrap } : {}) }),
    remedy =
      result.outcome === "fail"
        ? (result.remedy ?? "")
        : mode === "none"
          ? "install bubblewrap and remove tools.exec.sandbox"
          : `set tools.exec.network to "public" unless commands must reach this machine's own network`;
  return result.outcome === "ok"
    ? ok("sandbox", result.detail)
    : result.outcome === "warn"
      ? warn("sandbox", result.detail, remedy)
      : fail("sandbox", result.detail, remedy);
}
var defaultBaseUrl = "https://api.openai.com/v1";
function providersToCheck(config) {
  const names = Object.keys(config.providers),
    { model, fallbacks } = config.agents.defaults,
    modelsOf = new Map();
  for (const name of [model, ...fallbacks]) {
    const ref = resolveModel(name, names);
    modelsOf.set(ref.provider, [...(modelsOf.get(ref.provider) ?? []), ref.model]);
  }
  return Object.entries(config.providers)
    .filter(([name, settings]) => modelsOf.has(name) || settings.api_key || settings.base_url)
    .map(([name, settings]) => ({
      name,
      settings,
      models: modelsOf.get(name) ?? [],
      label: name === "openai" ? "llm" : `llm ${name}`,
      keySetting: name === "openai" ? "OPENAI_API_KEY (providers.openai.api_key)" : `providers.${name}.api_key`,
      urlSetting: name === "openai" ? "OPENAI_BASE_URL (providers.openai.base_url)" : `providers.${name}.base_url`,
    }));
}
function checkLlms(config, options) {
  return Promise.all(providersToCheck(config).map((provider) => checkProvider(provider, options)));
}
async function checkProvider(provider, options) {
  const { label, settings, keySetting, urlSetting } = provider,
    { api_key: apiKey, base_url: baseUrl } = settings,
    base = (baseUrl ?? defaultBaseUrl).replace(/\/+$/, "");
  if (!apiKey && !baseUrl)
    return fail(
      label,
      "no API key for api.openai.com",
      provider.name === "openai"
        ? "set OPENAI_API_KEY, or point OPENAI_BASE_URL at another OpenAI-compatible server"
        : `set ${keySetting}, or ${urlSetting} to another OpenAI-compatible server`,
    );
  const headers = { ...settings.headers, ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) },
    outcome = await probe(`${base}/models`, { method: "GET", headers }, options);
  if (outcome.kind === "unreachable" || outcome.status === 401 || outcome.status === 403)
    return refusal(provider, base, outcome);
  const error = errorMessage(outcome.body);
  if (outcome.status === 404 || outcome.status === 405) return checkChatCompletion(provider, base, headers, options);
  if (outcome.status !== 200)
    return fail(
      label,
      `${base}/models failed (${describeAnswer(outcome, error)})`,
      `check ${urlSetting}: it is the API root that serves /models and /chat/completions (often ending in /v1)`,
    );
  const data = outcome.body?.data,
    listed = Array.isArray(data) ? data.map((model) => String(model.id)) : [],
    missing = listed.length > 0 ? provider.models.filter((model) => !listed.includes(model)) : [];
  if (missing.length > 0)
    return warn(
      label,
      `${base} answers, but model ${missing.join(", ")} is not among its ${listed.length} models`,
      "check SKEIN_MODEL (agents.defaults.model) and agents.defaults.fallbacks",
    );
  const available = listed.length > 0 && provider.models.length > 0;
  return ok(
    label,
    `${base} answers${available ? `; model ${provider.models.join(", ")} ${provider.models.length > 1 ? "are" : "is"} available` : ""}`,
  );
}
async function checkChatCompletion(provider, base, headers, options) {
  const { label, urlSetting } = provider,
    model = provider.models[0];
  if (!model) return ok(label, `${base} answers (it lists no models; no model of the configuration uses it)`);
  const outcome = await probe(
    `${base}/chat/completions`,
    {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify({ model, messages: [{ role: "user", content: "ping" }], max_tokens: 1 }),
    },
    options,
  );
  if (outcome.kind === "unreachable" || outcome.status === 401 || outcome.status === 403)
    return refusal(provider, base, outcome);
  const error = errorMessage(outcome.body);
  return outcome.status !== 200
    ? fail(
        label,
        `${base}/chat/completions failed for model ${model} (${describeAnswer(outcome, error)})`,
        `check ${urlSetting} (often ending in /v1) and SKEIN_MODEL (agents.defaults.model)`,
      )
    : ok(label, `${base} answers; model ${model} completed a test request`);
}
function refusal(provider, base, outcome) {
  const { label, urlSetting, keySetting } = provider;
  if (outcome.kind === "unreachable")
    return fail(
      label,
      `${base} is unreachable (${outcome.reason})`,
      `check ${urlSetting} and that the server is running`,
    );
  const answer = describeAnswer(outcome, errorMessage(outcome.body));
  return fail(label, `${base} rejected the API key (${answer})`, `check ${keySetting}`);
}
function errorMessage(body) {
  return body?.error?.message;
}
import { randomUUID as randomUUID2 } from "node:crypto";
import { connect as connectTcp, createConnection } from "node:net";
import { join as join2 } from "node:path";
import { connect as connectTls } from "node:tls";
var minimumRedisVersion = "6.2.0";
async function checkRedis(config, timeoutMs) {
  const url = config.bus.redis_url;
  if (!url) return;
  let { connectRedis, serverVersion, versionAtLeast } = await import("./redis-connection-XED4PD2C.js"),
    where = redactedUrl(url),
    client;
  try {
    client = await connectRedis(
      { url, ...(config.bus.redis_password ? { password: config.bus.redis_password } : {}) },
      AbortSignal.timeout(timeoutMs),
    );
  } catch (error) {
    return fail(
      "redis",
      `cannot connect to ${where}: ${messageOf(error)}`,
      "start Redis or correct bus.redis_url (SKEIN_REDIS_URL) and bus.redis_password",
    );
  }
  try {
    const version = await serverVersion(client);
    if (!versionAtLeast(version, minimumRedisVersion))
      return fail(
        "redis",
        `${where} runs Redis ${version}; skein needs ${minimumRedisVersion} or later (XAUTOCLAIM)`,
        "upgrade Redis (or use Valkey)",
      );
    const refused = await refusedCommand(client);
    if (refused)
      return fail(
        "redis",
        `${where} (Redis ${version}) refuses ${refused}`,
        "grant skein's Redis user the stream, string, hash, sorted-set and scripting commands (ACL)",
      );
    if (await answersWithoutPassword(url, timeoutMs))
      return warn(
        "redis",
        `${where} (Redis ${version}) answers without a password: whoever reaches it (a command on this machine, a container on its network) reads and writes the journal, pairings, sessions and approvals`,
        "set requirepass (or an ACL user) in Redis, and its password in bus.redis_url (redis://:PASSWORD@host:6379) or bus.redis_password; deploy/docker-compose.cluster.yml takes it from SKEIN_REDIS_PASSWORD",
      );
    const persistence = await client.config("GET", "appendonly").catch(() => {});
    return (Array.isArray(persistence) ? persistence[1] : void 0) === "no"
      ? warn(
          "redis",
          `${where} (Redis ${version}) has no append-only file: a Redis restart loses recorded messages`,
          "set appendonly yes (and appendfsync always to survive a power loss)",
        )
      : ok("redis", `${where} answers (Redis ${version}) and allows every command skein uses`);
  } catch (error) {
    return fail("redis", `${where} failed a check: ${messageOf(error)}`, "see the Redis server's log");
  } finally {
    client.disconnect();
  }
}
async function refusedCommand(client) {
  const stream = `skein:doctor:${randomUUID2()}`,
    steps = [
      ["XGROUP", () => client.xgroup("CREATE", stream, "doctor", "0", "MKSTREAM")],
      ["XADD", () => client.xadd(stream, "*", "probe", "1")],
      ["XREADGROUP", () => client.xreadgroup("GROUP", "doctor", "doctor", "COUNT", 1, "STREAMS", stream, ">")],
      ["XAUTOCLAIM", () => client.xautoclaim(stream, "doctor", "doctor", 0, "0-0")],
      ["EVAL", () => client.eval("return redis.call('XACK', KEYS[1], 'doctor', '0-1')", 1, stream)],
    ];
  try {
    for (const [name, step] of steps)
      try {
        await step();
      } catch (error) {
        if (/NOPERM|unknown command/i.test(messageOf(error))) return name;
        throw error;
      }
    return;
  } finally {
    await client.del(stream).catch(() => {});
  }
}
function answersWithoutPassword(url, timeoutMs) {
  return new Promise((resolve) => {
    let socket;
    try {
      if (url.startsWith("/")) socket = createConnection(url);
      else {
        const parsed = new URL(url),
          host = parsed.hostname.replace(/^\[|\]$/g, ""),
          port = Number(parsed.port || 6379);
        socket =
          parsed.protocol === "rediss:" ? connectTls({ host, port, servername: host }) : connectTcp({ host, port });
      }
    } catch {
      return resolve(!1);
    }
    let answer = "",
      done = (open) => {
        clearTimeout(timer), socket.destroy(), resolve(open);
      },
      timer = setTimeout(() => done(!1), timeoutMs);
    socket.once("error", () => done(!1)),
      socket.once(url.startsWith("rediss:") ? "secureConnect" : "connect", () =>
        socket.write(`PING\r
`),
      ),
      socket.on("data", (data) => {
        (answer += data.toString("latin1")),
          answer.includes(`\r
`) && done(answer.startsWith("+PONG"));
      });
  });
}
function redactedUrl(url) {
  if (url.startsWith("/")) return url;
  try {
    const parsed = new URL(url);
    return parsed.password && (parsed.password = "***"), parsed.toString();
  } catch {
    return "bus.redis_url";
  }
}
function messageOf(error) {
  return error instanceof Error ? error.message : String(error);
}
async function runDoctor(options = {}) {
  let write =
      options.write ??
      ((line) => {
        process.stdout.write(`${line}
`);
      }),
    symbols = options.symbols ?? !!process.stdout.isTTY,
    results = [],
    secrets = [],
    print = (result) => {
      if ((results.push(result), !options.json))
        for (const line of formatCheck(result, symbols)) write(redactSecrets(line, secrets));
    },
    loaded;
  try {
    loaded = await loadConfig({
      ...(options.configPath ? { configPath: options.configPath } : {}),
      ...(options.env ? { env: options.env } : {}),
      ...(options.cwd ? { cwd: options.cwd } : {}),
      ...(options.ignoreDotEnv ? { ignoreDotEnv: !0 } : {}),
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error),
      remedy =
        error instanceof ConfigError
          ? "fix the keys named above (`skein config check` validates without starting)"
          : "check the file's permissions";
    return print(fail("config", message, remedy)), finish(1);
  }
  (secrets = configSecrets(loaded.config)),
    print(
      ok(
        "config",
        loaded.fileFound
          ? `${loaded.configPath} is valid`
          : `no config file at ${loaded.configPath}; using defaults and the environment`,
      ),
    );
  for (const warning of loaded.warnings) print(warn("config", warning, "remove or correct the key"));
  const timeoutMs = options.timeoutMs ?? 1e4,
    probeWith = (proxy) => ({ fetch: options.fetch ?? (proxy ? proxiedFetch(proxy) : fetch), timeoutMs }),
    { config } = loaded,
    channels = configuredChannels(config),
    pending = [
      checkWorkspace(loaded.workspace, { isDefault: loaded.workspace === join2(loaded.home, "workspace") }),
      checkSandbox(config, loaded.workspace, options.bwrap),
      checkLlms(config, probeWith()),
      ...channels.map((name) => platformChannel(name).checkCredentials(settingsOf(config, name), { probeWith })),
      checkMcpServers(config, options.mcpTimeoutMs ?? 3e4, options.connectMcp),
      checkRedis(config, timeoutMs).then((result) => (result ? [result] : [])),
    ];
  if (channels.length === 0) {
    const { problem, remedy } = noChannelText();
    pending.push(Promise.resolve(warn("channels", problem, remedy)));
  }
  for (const result of pending) [await result.catch(unexpected)].flat().forEach(print);
  return finish(results.some((result) => result.outcome === "fail") ? 1 : 0);
  function finish(exitCode) {
    return (
      write(
        options.json
          ? redactSecrets(JSON.stringify({ ok: exitCode === 0, results }, null, 2), secrets)
          : summary(results),
      ),
      { results, exitCode }
    );
  }
}
function unexpected(error) {
  return fail(
    "doctor",
    `a check crashed: ${error instanceof Error ? error.message : String(error)}`,
    "please report this",
  );
}
var marks = { symbols: { ok: "\u2713", warn: "!", fail: "\u2717" }, plain: { ok: "ok  ", warn: "warn", fail: "FAIL" } };
function formatCheck(result, symbols) {
  const mark = (symbols ? marks.symbols : marks.plain)[result.outcome],
    indent = " ".repeat(mark.length + 1 + 14),
    lines = [
      `${mark} ${result.name.padEnd(13)} ${result.detail.replaceAll(
        `
`,
        `
${indent}`,
      )}`,
    ];
  return result.remedy && lines.push(`${indent}fix: ${result.remedy}`), lines;
}
function summary(results) {
  const failed = results.filter((result) => result.outcome === "fail").length,
    warned = results.filter((result) => result.outcome === "warn").length,
    warnings = warned ? `, ${warned} warning${warned === 1 ? "" : "s"}` : "";
  return failed
    ? `${failed} of ${results.length} checks failed${warnings}`
    : `all ${results.length} checks passed${warnings}`;
}
export { checkLlms, checkSandbox, formatCheck, runDoctor };
//# sourceMappingURL=chunk-3VV6P5KQ.js.map
