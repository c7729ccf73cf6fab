/** A model on a named provider: what `"<provider>/<model>"` or a bare model name resolves to. */
export interface ModelRef {
  provider: string;
  model: string;
}

/**
 * `"<provider>/<model>"` when the prefix names one of `providers`; otherwise the whole name is
 * a model of the first provider (so OpenRouter's `vendor/model` names work bare).
 */
export function resolveModel(name: string, providers: readonly string[]): ModelRef {
  const slash = name.indexOf("/");
  const prefix = name.slice(0, slash);
  if (slash > 0 && providers.includes(prefix)) return { provider: prefix, model: name.slice(slash + 1) };
  return { provider: providers[0] ?? "openai", model: name };
}
