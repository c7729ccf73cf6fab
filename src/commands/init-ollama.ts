import type { FetchLike } from "../checks/http-probe.js";

/** Where init looks for a local Ollama: `OLLAMA_HOST` (Ollama's own variable, `host:port` or a URL), else its default. */
export function localOllamaAddress(env: Readonly<Record<string, string | undefined>> = process.env): string {
  const host = env.OLLAMA_HOST?.trim();
  if (!host) return "http://127.0.0.1:11434";
  return /^https?:\/\//i.test(host) ? host.replace(/\/+$/, "") : `http://${host}`;
}

/**
 * The models of a local Ollama when one answers at `address` (its `/api/tags`) within a second and a half;
 * undefined when none does, so that `skein init` offers it only when it is there.
 */
export async function localOllamaModels(address: string, fetch: FetchLike): Promise<string[] | undefined> {
  try {
    const response = await fetch(`${address}/api/tags`, { signal: AbortSignal.timeout(1_500) });
    if (!response.ok) return undefined;
    const body = (await response.json()) as { models?: Array<{ name?: unknown }> };
    return (body.models ?? []).flatMap((model) => (typeof model.name === "string" ? [model.name] : []));
  } catch {
    return undefined;
  }
}
