import { type CheckResult, fail, ok, warn } from "../checks/check-result.js";
import { type ProbeOptions, type ProbeOutcome, probe } from "../checks/http-probe.js";
import { describeAnswer } from "../checks/probe-answers.js";
import { resolveModel } from "../config/model-ref.js";
import type { ModelProviderConfig, SkeinConfig } from "../config/schema.js";

const defaultBaseUrl = "https://api.openai.com/v1";

/** One provider to check: its settings, the models that reach it, and how its settings are spelled. */
interface ProviderUnderCheck {
  name: string;
  settings: ModelProviderConfig;
  /** The default model and fallbacks that resolve to this provider (in that order). */
  models: string[];
  /** The check's name: `llm` for `providers.openai`, `llm <name>` for the others. */
  label: string;
  keySetting: string;
  urlSetting: string;
}

/**
 * Which providers `skein doctor` checks: every `providers.<name>` that the default model or a
 * fallback resolves to, or that has an endpoint or key of its own. `providers.openai`, which
 * always exists, is left out when it is neither used nor configured.
 */
function providersToCheck(config: Pick<SkeinConfig, "providers" | "agents">): ProviderUnderCheck[] {
  const names = Object.keys(config.providers);
  const { model, fallbacks } = config.agents.defaults;
  const modelsOf = new Map<string, string[]>();
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

/** Checks every model provider skein would call (see {@link providersToCheck}), concurrently, in configuration order. */
export function checkLlms(
  config: Pick<SkeinConfig, "providers" | "agents">,
  options: ProbeOptions,
): Promise<CheckResult[]> {
  return Promise.all(providersToCheck(config).map((provider) => checkProvider(provider, options)));
}

/**
 * The endpoint answers `GET <base_url>/models` with the API key; warns when a model meant for
 * it is not listed. Servers without `/models` get a one-token completion instead.
 */
async function checkProvider(provider: ProviderUnderCheck, options: ProbeOptions): Promise<CheckResult> {
  const { label, settings, keySetting, urlSetting } = provider;
  const { api_key: apiKey, base_url: baseUrl } = settings;
  const base = (baseUrl ?? defaultBaseUrl).replace(/\/+$/, "");
  if (!apiKey && !baseUrl) {
    return fail(
      label,
      "no API key for api.openai.com",
      provider.name === "openai"
        ? "run `skein init`, or set OPENAI_API_KEY (or point OPENAI_BASE_URL at another OpenAI-compatible server)"
        : `set ${keySetting}, or ${urlSetting} to another OpenAI-compatible server`,
    );
  }
  const headers = { ...settings.headers, ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) };
  const outcome = await probe(`${base}/models`, { method: "GET", headers }, options);
  if (outcome.kind === "unreachable" || outcome.status === 401 || outcome.status === 403)
    return refusal(provider, base, outcome);
  const error = errorMessage(outcome.body);
  if (outcome.status === 404 || outcome.status === 405) return checkChatCompletion(provider, base, headers, options);
  if (outcome.status !== 200) {
    return fail(
      label,
      `${base}/models failed (${describeAnswer(outcome, error)})`,
      `check ${urlSetting}: it is the API root that serves /models and /chat/completions (often ending in /v1)`,
    );
  }
  const data = (outcome.body as { data?: Array<{ id?: unknown }> } | undefined)?.data;
  const listed = Array.isArray(data) ? data.map((model) => String(model.id)) : [];
  const missing = listed.length > 0 ? provider.models.filter((model) => !listed.includes(model)) : [];
  if (missing.length > 0) {
    return warn(
      label,
      `${base} answers, but model ${missing.join(", ")} is not among its ${listed.length} models`,
      "check SKEIN_MODEL (agents.defaults.model) and agents.defaults.fallbacks",
    );
  }
  const available = listed.length > 0 && provider.models.length > 0;
  return ok(
    label,
    `${base} answers${available ? `; model ${provider.models.join(", ")} ${provider.models.length > 1 ? "are" : "is"} available` : ""}`,
  );
}

/** `POST <base>/chat/completions` with a one-token request, for servers without `/models`. */
async function checkChatCompletion(
  provider: ProviderUnderCheck,
  base: string,
  headers: Record<string, string>,
  options: ProbeOptions,
): Promise<CheckResult> {
  const { label, urlSetting } = provider;
  const model = provider.models[0];
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
  if (outcome.status !== 200) {
    return fail(
      label,
      `${base}/chat/completions failed for model ${model} (${describeAnswer(outcome, error)})`,
      `check ${urlSetting} (often ending in /v1) and SKEIN_MODEL (agents.defaults.model)`,
    );
  }
  return ok(label, `${base} answers; model ${model} completed a test request`);
}

/** The failure of a probe that got no answer, or whose API key was rejected (401, 403). */
function refusal(provider: ProviderUnderCheck, base: string, outcome: ProbeOutcome): CheckResult {
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

function errorMessage(body: unknown): unknown {
  return (body as { error?: { message?: unknown } } | undefined)?.error?.message;
}
