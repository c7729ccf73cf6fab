import { type ApiRoute, ok } from "../dashboard-routes.js";
import type { DashboardSources } from "../dashboard-sources.js";

/** What a secret shows as. */
export const maskedSecret = "••••";

/** Keys whose values are credentials even when the config's secret list does not name them. */
const secretKey = /(^|_)(key|token|secret|password|passwd|credential)s?$|^(env|headers)$/i;

type Source = "default" | "file" | ".env" | "env";

/**
 * `GET /api/config`: the effective configuration, one entry per key, with where its value came
 * from; a secret's value is `••••` (a key named like a credential, or a value holding a secret).
 */
export function configRoute(sources: DashboardSources): ApiRoute {
  return {
    method: "GET",
    path: "/api/config",
    handle: async () => {
      const { config, origins, warnings } = sources.loaded;
      const entries: Array<{ key: string; value: unknown; source: Source; secret: boolean }> = [];
      const visit = (value: unknown, path: string[], underSecret: boolean) => {
        const key = path.join(".");
        const secret = underSecret || secretKey.test(path.at(-1) ?? "");
        if (isObject(value) && Object.keys(value).length > 0) {
          for (const [name, child] of Object.entries(value)) visit(child, [...path, name], secret);
          return;
        }
        const holdsSecret = secret || holdsAny(value, sources.secrets);
        entries.push({
          key,
          value: holdsSecret && value !== undefined && value !== "" ? maskedSecret : value,
          source: sourceOf(path, origins),
          secret: holdsSecret,
        });
      };
      for (const [name, value] of Object.entries(config)) visit(value, [name], false);
      return ok({ entries, warnings: warnings.map((warning) => sources.redact(warning)) });
    },
  };
}

function sourceOf(path: string[], origins: DashboardSources["loaded"]["origins"]): Source {
  if (!origins) return "default";
  for (let length = path.length; length > 0; length--) {
    const set = origins.env[path.slice(0, length).join(".")];
    if (set) return set.dotEnv ? ".env" : "env";
  }
  let node: unknown = origins.file;
  for (const segment of path) {
    if (!isObject(node) || !(segment in node)) return "default";
    node = node[segment];
  }
  return "file";
}

function holdsAny(value: unknown, secrets: readonly string[]): boolean {
  const text = typeof value === "string" ? value : JSON.stringify(value ?? "");
  return secrets.some((secret) => secret.length >= 4 && text.includes(secret));
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
