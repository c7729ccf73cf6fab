#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);
import { pino } from "pino";
import { redactSecrets } from "./chunk-KZUCDV6L.js";
var secretKeys = [
    "api_key",
    "apiKey",
    "token",
    "bot_token",
    "botToken",
    "app_token",
    "appToken",
    "signing_secret",
    "signingSecret",
    "webhook_secret",
    "authorization",
    "Authorization",
    "password",
    "secret",
  ],
  secretKeySet = new Set(secretKeys),
  headerKeySet = new Set([...secretKeys, ...secretKeys.map((key) => key.toLowerCase())]),
  censor = "[redacted]";
async function createLogger(options = {}) {
  const level = options.level ?? "info",
    secrets = options.secrets?.filter((secret) => secret.length >= 4) ?? [],
    base = {
      level,
      serializers: {
        err: (error) =>
          withoutSecretKeys(
            level === "debug" || level === "trace" ? pino.stdSerializers.err(error) : errorWithoutStack(error),
            1,
          ),
      },
      formatters: { log: (object) => withoutSecretKeys(object, 0, "err") },
      base: void 0,
      ...(options.redactor || secrets.length || options.tap
        ? {
            hooks: {
              streamWrite: (line) => {
                const redacted = options.redactor
                  ? options.redactor.redact(line)
                  : secrets.length
                    ? redactSecrets(line, secrets)
                    : line;
                return options.tap?.(redacted), redacted;
              },
            },
          }
        : {}),
    };
  if (options.file && !options.destination) {
    const file = pino.destination({ dest: options.file, append: !0, mkdir: !0, sync: !0, mode: 384 });
    return redactingChildBindings(pino(base, file));
  }
  if (options.pretty ?? (options.destination === void 0 && process.stderr.isTTY)) {
    const { default: prettyStream } = await import("pino-pretty");
    return redactingChildBindings(pino(base, prettyStream({ destination: 2, ignore: "pid,hostname", sync: !0 })));
  }
  return redactingChildBindings(pino(base, options.destination ?? pino.destination({ dest: 2, sync: !0 })));
}
function redactingChildBindings(logger) {
  const child = logger.child;
  return (
    (logger.child = function (bindings, options) {
      return child.call(this, withoutSecretKeys(bindings, 0), options);
    }),
    logger
  );
}
function withoutSecretKeys(value, depth, skip, keys = secretKeySet) {
  if (typeof value != "object" || value === null || typeof value.toJSON == "function") return value;
  let copy,
    source = value;
  for (const key in source) {
    if (key === skip || !Object.hasOwn(source, key)) continue;
    const child = source[key],
      replaced = keys.has(key)
        ? censor
        : depth < 2
          ? withoutSecretKeys(child, depth + 1, void 0, key === "headers" ? headerKeySet : secretKeySet)
          : child;
    replaced !== child &&
      ((copy ??= Array.isArray(source)
        ? [...source]
        : Object.assign(Object.create(Object.getPrototypeOf(source)), source)),
      (copy[key] = replaced));
  }
  return copy ?? value;
}
function errorWithoutStack(error) {
  return withoutStacks(pino.stdSerializers.err(error));
}
function withoutStacks(value, depth = 0) {
  return typeof value != "object" || value === null || depth > 4
    ? value
    : Array.isArray(value)
      ? value.map((item) => withoutStacks(item, depth + 1))
      : Object.fromEntries(
          Object.entries(value)
            .filter(([key]) => key !== "stack")
            .map(([key, child]) => [key, withoutStacks(child, depth + 1)]),
        );
}
function silentLogger() {
  return pino({ level: "silent" });
}
export { createLogger, silentLogger };
//# sourceMappingURL=chunk-K3B23OA7.js.map
