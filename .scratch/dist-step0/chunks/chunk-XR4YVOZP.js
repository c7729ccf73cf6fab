#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);
var ok = (name, detail) => ({ name, outcome: "ok", detail }),
  warn = (name, detail, remedy) => ({ name, outcome: "warn", detail, ...(remedy ? { remedy } : {}) }),
  fail = (name, detail, remedy) => ({ name, outcome: "fail", detail, remedy });
async function probe(url, init, options) {
  try {
    let response = await options.fetch(url, { ...init, signal: AbortSignal.timeout(options.timeoutMs) }),
      text = await response.text(),
      body;
    try {
      body = JSON.parse(text);
    } catch {}
    return { kind: "answer", status: response.status, statusText: response.statusText, body };
  } catch (error) {
    return { kind: "unreachable", reason: unreachableReason(error, options.timeoutMs) };
  }
}
function unreachableReason(error, timeoutMs) {
  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError"))
    return `no answer within ${Math.round(timeoutMs / 100) / 10} s`;
  const cause = error instanceof Error ? error.cause : void 0;
  return cause?.code
    ? cause.code
    : cause?.message === "bad port"
      ? "fetch refuses this port; use another"
      : cause?.message
        ? cause.message
        : error instanceof Error
          ? error.message
          : String(error);
}
function proxiedFetch(proxyUrl) {
  return async (input, init) => {
    const { fetch, ProxyAgent } = await import("undici"),
      dispatcher = new ProxyAgent(proxyUrl);
    try {
      const response = await fetch(input, { ...init, dispatcher }),
        body = await response.arrayBuffer(),
        empty = response.status === 204 || response.status === 304;
      return new Response(empty ? null : body, { status: response.status, statusText: response.statusText });
    } finally {
      await dispatcher.close();
    }
  };
}
var jsonField = (body, key) => (typeof body == "object" && body !== null ? body[key] : void 0);
function unreachable(name, base, outcome, setting) {
  return fail(name, `${base} is unreachable (${outcome.reason})`, `check the network and ${setting}`);
}
function describeAnswer(outcome, said) {
  const message = (typeof said == "string" && said ? said : outcome.statusText).replace(`${outcome.status}: `, "");
  return outcome.status === 200
    ? message || "ok: false"
    : message
      ? `HTTP ${outcome.status}: ${message}`
      : `HTTP ${outcome.status}`;
}
export { describeAnswer, fail, jsonField, ok, probe, proxiedFetch, unreachable, warn };
//# sourceMappingURL=chunk-XR4YVOZP.js.map
