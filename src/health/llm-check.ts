import { type CheckResult, fail, ok, warn } from "../checks/check-result.js";
import { type ProbeOptions, type ProbeOutcome, probe } from "../checks/http-probe.js";
import { describeAnswer } from "../checks/probe-answers.js";
import { resolveModel } from "../config/model-ref.js";
import type { ModelProviderConfig, SkeinConfig } from "../config/schema.js";
import { type LlmEndpoint, llmEndpointOf } from "./llm-endpoints.js";

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
    .filter(([name, settings]) => modelsOf.has(name) || settings.api_key || settings.base_url || name !== "openai")
    .map(([name, settings]) => {
      const variable = name === "openai" ? "OPENAI" : name === "anthropic" ? "ANTHROPIC" : undefined;
      return {
        name,
        settings,
        models: modelsOf.get(name) ?? [],
        label: name === "openai" ? "llm" : `llm ${name}`,
        keySetting: variable ? `${variable}_API_KEY (providers.${name}.api_key)` : `providers.${name}.api_key`,
        urlSetting: variable ? `${variable}_BASE_URL (providers.${name}.base_url)` : `providers.${name}.base_url`,
      };
    });
}

/** Checks every model provider skein would call (see {@link providersToCheck}), concurrently, in configuration order. */
export function checkLlms(
  config: Pick<SkeinConfig, "providers" | "agents">,
  options: ProbeOptions,
): Promise<CheckResult[]> {
  return Promise.all(providersToCheck(config).map((provider) => checkProvider(provider, options)));
}

/**
 * The endpoint answers its API's list of models (`GET <base_url>/models`, Anthropic's
 * `/v1/models`, Ollama's `/api/tags`) with the API key; warns when a model meant for it is not
 * listed. Servers without the list get a one-token request of their API instead.
 */
async function checkProvider(provider: ProviderUnderCheck, options: ProbeOptions): Promise<CheckResult> {
  const { label, settings, keySetting, urlSetting } = provider;
  const endpoint = llmEndpointOf(settings);
  const { base, headers } = endpoint;
  if (!settings.api_key && endpoint.keyedHost) {
    return fail(
      label,
      `no API key for ${endpoint.keyedHost}`,
      provider.name === "openai"
        ? "run `skein init`, or set OPENAI_API_KEY (or point OPENAI_BASE_URL at another OpenAI-compatible server)"
        : `set ${keySetting}, or ${urlSetting} to another server`,
    );
  }
  const outcome = await probe(endpoint.listUrl, { method: "GET", headers }, options);
  if (outcome.kind === "unreachable" || outcome.status === 401 || outcome.status === 403)
    return refusal(provider, base, outcome);
  const error = errorMessage(outcome.body);
  if (outcome.status === 404 || outcome.status === 405) return checkOneRequest(provider, endpoint, options);
  if (outcome.status !== 200) {
    return fail(
      label,
      `${endpoint.listUrl} failed (${describeAnswer(outcome, error)})`,
      `check ${urlSetting}: ${endpoint.baseAdvice}`,
    );
  }
  const listed = endpoint.listed(outcome.body);
  const missing = listed.length > 0 ? provider.models.filter((model) => !endpoint.lists(listed, model)) : [];
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

/** The API's one-token request (a chat completion, a response, a message, a chat), for servers without the list. */
async function checkOneRequest(
  provider: ProviderUnderCheck,
  endpoint: LlmEndpoint,
  options: ProbeOptions,
): Promise<CheckResult> {
  const { label, urlSetting } = provider;
  const { base, headers } = endpoint;
  const model = provider.models[0];
  if (!model) return ok(label, `${base} answers (it lists no models; no model of the configuration uses it)`);
  const ping = endpoint.ping(model);
  const outcome = await probe(
    ping.url,
    { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(ping.body) },
    options,
  );
  if (outcome.kind === "unreachable" || outcome.status === 401 || outcome.status === 403)
    return refusal(provider, base, outcome);
  const error = errorMessage(outcome.body);
  if (outcome.status !== 200) {
    return fail(
      label,
      `${ping.url} failed for model ${model} (${describeAnswer(outcome, error)})`,
      `check ${urlSetting} (${endpoint.baseAdvice}) and SKEIN_MODEL (agents.defaults.model)`,
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

/** The error text of OpenAI's and Anthropic's bodies (`error.message`) and Ollama's (`error`). */
function errorMessage(body: unknown): unknown {
  const error = (body as { error?: unknown } | undefined)?.error;
  return typeof error === "string" ? error : (error as { message?: unknown } | undefined)?.message;
}
