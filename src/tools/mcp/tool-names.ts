import { createHash } from "node:crypto";

/** The function-name rule of the OpenAI API. */
export const validToolName = /^[a-zA-Z0-9_-]{1,64}$/;

const maxLength = 64;
const hashLength = 8;

/** A short hash of `text` that stays the same across runs. */
function stableHash(text: string): string {
  return createHash("sha256").update(text).digest("hex").slice(0, hashLength);
}

/**
 * Makes `raw` a valid function name: characters outside `[a-zA-Z0-9_-]` become `_`;
 * a name longer than 64 is cut and gets `_<hash of raw>`, so distinct long names stay distinct.
 */
export function sanitizeToolName(raw: string): string {
  const cleaned = raw.replace(/[^a-zA-Z0-9_-]/g, "_") || "_";
  if (cleaned.length <= maxLength) return cleaned;
  return withHashSuffix(cleaned, raw);
}

/** `name` shortened to leave room for `_<hash of key>`, then the suffix. */
export function withHashSuffix(name: string, key: string): string {
  return `${name.slice(0, maxLength - hashLength - 1)}_${stableHash(key)}`;
}

/** The registry name of an MCP tool: `<server>__<tool>`, made valid. */
export function mcpToolName(server: string, tool: string): string {
  return sanitizeToolName(`${server}__${tool}`);
}

/** A predicate for a glob allowlist (`*` any run of characters, `?` one); everything passes when absent. */
export function globAllowlist(patterns: readonly string[] | undefined): (name: string) => boolean {
  if (patterns === undefined) return () => true;
  const expressions = patterns.map((pattern) => {
    const source = [...pattern]
      .map((char) => (char === "*" ? ".*" : char === "?" ? "." : char.replace(/[.+^${}()|[\]\\/-]/g, "\\$&")))
      .join("");
    return new RegExp(`^${source}$`);
  });
  return (name) => expressions.some((expression) => expression.test(name));
}
