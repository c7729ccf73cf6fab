import { mkdir, readFile, stat, writeFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { createInterface } from "node:readline";
import { Writable } from "node:stream";
import { type PlatformChannelName, platformChannels, settingsOf } from "../channel-catalog/loader.js";
import type { PlatformChannelDescriptor } from "../channel-kit/channel-descriptor.js";
import type { CheckResult } from "../checks/check-result.js";
import type { FetchLike } from "../checks/http-probe.js";
import { type ConfigSetting, parseConfigText, setInConfigText } from "../config/config-file.js";
import { httpUrlProblem } from "../config/http-url.js";
import { type LoadedConfig, loadConfig } from "../config/load.js";
import { modelConfigured } from "../config/model-configured.js";
import { configSchema } from "../config/schema.js";
import { redactSecrets } from "../config/secrets.js";
import { seedWorkspace } from "../daemon/seed-workspace.js";
import { formatCheck } from "../health/doctor.js";
import { checkSandbox } from "../health/doctor-checks.js";
import { checkLlms } from "../health/llm-check.js";
import { writeFileAtomic } from "../util/atomic-write.js";
import type { GlobalOptions } from "./command-support.js";
import { fail, reportFatal, writeOut } from "./command-support.js";
import { localOllamaAddress, localOllamaModels } from "./init-ollama.js";

export interface InitOptions extends GlobalOptions {
  /** Ask nothing: take the answers from the flags, the environment, `.env` and the config file. */
  yes?: boolean;
  model?: string;
  baseUrl?: string;
  apiKey?: string;
  /** The owner's ids (comma-separated), put in each configured channel's `allow_from`. */
  allowFrom?: string;
  /** `--no-verify`: skip the endpoint and credential checks. */
  verify?: boolean;
}

/** What the answers become in config.json. */
interface Answers {
  model: string;
  baseUrl?: string;
  apiKey?: string;
  /** A local Ollama's address: the model is one of its (`ollama/<model>`), through `providers.ollama`. */
  ollama?: string;
  channels: Map<PlatformChannelDescriptor, { settings: Record<string, string>; allowFrom: string[] }>;
}

/**
 * `skein init`: asks for the model endpoint and key, each channel's credentials and the
 * owner's id (or, with `--yes`, takes them from flags and the environment), checks each
 * the way `skein doctor` does, writes config.json (mode 0600, other keys kept, the old
 * file saved as config.json.bak) and seeds the workspace with templates it never overwrites.
 */
export async function run(options: InitOptions, fetch: FetchLike = globalThis.fetch): Promise<number> {
  try {
    // `--config` may name the file init is about to create.
    const explicit = options.config ? resolve(options.config) : undefined;
    const loaded = await loadConfig(explicit && (await exists(explicit)) ? { configPath: explicit } : {});
    const configPath = explicit ?? loaded.configPath;
    const badUrl = options.baseUrl === undefined ? undefined : httpUrlProblem(options.baseUrl, "/v1");
    if (badUrl) {
      fail(`--base-url: ${badUrl}`);
      return 1;
    }
    const answers = options.yes ? answersFrom(loaded, options) : await askAnswers(loaded, options, fetch);
    if (!answers) {
      fail("init cancelled: nothing written (without a terminal, pass --yes with flags or environment variables)");
      return 130;
    }
    if (options.yes && options.verify !== false) {
      const failed = (await verify(answers, loaded, fetch)).filter((result) => result.outcome === "fail");
      if (failed.length) {
        fail(
          `nothing written: ${failed.length} check${failed.length === 1 ? "" : "s"} failed (--no-verify skips them)`,
        );
        return 1;
      }
    }
    await writeConfig(configPath, answers);
    const seeded = await seedWorkspace(loaded.workspace);
    const sandbox = await checkSandbox(loaded.config, loaded.workspace);
    await writeOut(
      [
        `wrote ${configPath} (mode 0600)`,
        `workspace ${loaded.workspace}: ${seeded}`,
        `sandbox: ${sandbox.detail}${sandbox.remedy ? `\n  fix: ${sandbox.remedy}` : ""}`,
        answers.channels.size
          ? "next: `skein start` (and `skein doctor` whenever something seems off)"
          : "no chat platform configured: `skein start` serves the dashboard's web chat and prints a link to it, " +
            "`skein chat` talks to the agent here; run `skein init` again with a bot token to add a platform",
        "",
      ].join("\n"),
    );
    return 0;
  } catch (error) {
    return reportFatal(error);
  }
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

/** The setting keys `init` asks each channel for. */
function setupKeys(descriptor: PlatformChannelDescriptor): readonly string[] {
  return descriptor.setup ?? descriptor.secrets;
}

/** The environment variable that sets `key` of a channel, for the prompts. */
function variableFor(descriptor: PlatformChannelDescriptor, key: string): string | undefined {
  return Object.entries(descriptor.env).find(
    ([, binding]) => (typeof binding === "string" ? binding : binding.key) === key,
  )?.[0];
}

function splitIds(text: string | undefined): string[] {
  return (text ?? "")
    .split(",")
    .map((id) => id.trim())
    .filter(Boolean);
}

/** `--yes`: the flags over what the environment, `.env` and the config file already say. */
function answersFrom(loaded: LoadedConfig, options: InitOptions): Answers {
  const openai = loaded.config.providers.openai;
  const channels: Answers["channels"] = new Map();
  for (const descriptor of platformChannels) {
    const settings = settingsOf(loaded.config, descriptor.name as PlatformChannelName) as Record<string, unknown>;
    if (!descriptor.isConfigured(settings as never)) continue;
    const chosen = Object.fromEntries(
      setupKeys(descriptor)
        .filter((key) => typeof settings[key] === "string")
        .map((key) => [key, settings[key] as string]),
    );
    const allowFrom = options.allowFrom !== undefined ? splitIds(options.allowFrom) : (settings.allow_from as string[]);
    channels.set(descriptor, { settings: chosen, allowFrom });
  }
  return {
    model: options.model ?? loaded.config.agents.defaults.model,
    baseUrl: options.baseUrl ?? openai.base_url,
    apiKey: options.apiKey ?? openai.api_key,
    channels,
  };
}

/** The questions, asked on stderr; each answer checked the way `skein doctor` checks it. Undefined when cancelled. */
async function askAnswers(loaded: LoadedConfig, options: InitOptions, fetch: FetchLike): Promise<Answers | undefined> {
  const prompts = openPrompts();
  try {
    const say = (text: string) => void process.stderr.write(text);
    say("skein init: answer each question, or press Enter to keep the [default]. Ctrl-D cancels.\n\n");
    const defaults = answersFrom(loaded, options);
    let answers: Answers | undefined;
    if (!modelConfigured(loaded.config)) {
      const address = localOllamaAddress();
      const models = await localOllamaModels(address, fetch);
      if (models?.length) {
        say(`A local Ollama answers at ${address} (models: ${models.slice(0, 8).join(", ")}).\n`);
        const use = await prompts.ask("Use it? (y/n)", { fallback: "y" });
        if (use === undefined) return undefined;
        if (/^y(es)?$/i.test(use)) {
          const model = await prompts.ask("Ollama model", { fallback: models[0] });
          if (model === undefined) return undefined;
          answers = { model: `ollama/${model}`, ollama: address, channels: new Map() };
        }
      }
    }
    while (!answers) {
      const baseUrl = await prompts.ask("Model endpoint (OpenAI-compatible base URL)", {
        fallback: defaults.baseUrl ?? "https://api.openai.com/v1",
      });
      const badUrl = baseUrl === undefined ? undefined : httpUrlProblem(baseUrl, "/v1");
      if (badUrl) {
        say(`${badUrl}\n`);
        continue;
      }
      const apiKey = await prompts.ask("API key (empty for a local server without one)", {
        fallback: defaults.apiKey,
        secret: true,
      });
      const model = await prompts.ask("Model", { fallback: defaults.model });
      if (baseUrl === undefined || apiKey === undefined || model === undefined) return undefined;
      const chosen: Answers = {
        model,
        baseUrl: baseUrl === "https://api.openai.com/v1" ? undefined : baseUrl,
        apiKey: apiKey || undefined,
        channels: new Map(),
      };
      const [llm] = await verify({ ...chosen, channels: new Map() }, loaded, fetch, options.verify === false);
      if (llm?.outcome !== "fail" || (await prompts.confirm("Keep it anyway?"))) answers = chosen;
    }
    for (const descriptor of platformChannels) {
      const current = defaults.channels.get(descriptor);
      for (;;) {
        const settings: Record<string, string> = {};
        for (const key of setupKeys(descriptor)) {
          const variable = variableFor(descriptor, key);
          const value = await prompts.ask(
            `${descriptor.name} ${key}${variable ? ` (${variable})` : ""}, empty to skip`,
            {
              fallback: current?.settings[key],
              secret: true,
            },
          );
          if (value === undefined) return undefined;
          if (value) settings[key] = value;
        }
        const draft = { ...answers, channels: new Map([[descriptor, { settings, allowFrom: [] }]]) };
        if (!descriptor.isConfigured(settings as never)) break;
        const results = await verify(draft, loaded, fetch, options.verify === false, true);
        if (results.some((result) => result.outcome === "fail") && !(await prompts.confirm("Keep it anyway?")))
          continue;
        const owner = await prompts.ask(
          `Your own ${descriptor.name} user id, for channels.${descriptor.name}.allow_from (empty: you pair with a code like anyone)`,
          { fallback: current?.allowFrom.join(",") },
        );
        if (owner === undefined) return undefined;
        answers.channels.set(descriptor, { settings, allowFrom: splitIds(owner) });
        break;
      }
    }
    say("\n");
    return answers;
  } finally {
    prompts.close();
  }
}

/** Runs the doctor's checks on the answers and prints their lines (secrets redacted); the LLM first, then each channel. */
async function verify(
  answers: Answers,
  loaded: LoadedConfig,
  fetch: FetchLike,
  skip = false,
  channelsOnly = false,
): Promise<CheckResult[]> {
  if (skip) return [];
  const config = configSchema.parse(mergeInto(structuredClone(rawOf(loaded)), answers));
  const probeWith = () => ({ fetch, timeoutMs: 10_000 });
  const results: CheckResult[] = [];
  if (!channelsOnly) results.push(...(await checkLlms(config, probeWith())));
  for (const descriptor of answers.channels.keys())
    results.push(
      ...(await descriptor.checkCredentials(settingsOf(config, descriptor.name as PlatformChannelName) as never, {
        probeWith,
      })),
    );
  const secrets = [answers.apiKey, ...[...answers.channels.values()].flatMap((entry) => Object.values(entry.settings))];
  for (const result of results)
    for (const line of formatCheck(result, Boolean(process.stderr.isTTY)))
      process.stderr.write(
        `${redactSecrets(
          line,
          secrets.filter((secret): secret is string => Boolean(secret)),
        )}\n`,
      );
  return results;
}

/** The loaded configuration's environment-derived settings that are not answers (an API root, a proxy). */
function rawOf(loaded: LoadedConfig): Record<string, unknown> {
  return { channels: structuredClone(loaded.config.channels), gateway: loaded.config.gateway };
}

/** The keys the answers set: model, endpoint, key, each channel's credentials and owner. */
function answeredSettings(answers: Answers): ConfigSetting[] {
  const settings: ConfigSetting[] = [[["agents", "defaults", "model"], answers.model]];
  if (answers.ollama) settings.push([["providers", "ollama", "base_url"], answers.ollama]);
  if (answers.baseUrl) settings.push([["providers", "openai", "base_url"], answers.baseUrl]);
  if (answers.apiKey) settings.push([["providers", "openai", "api_key"], answers.apiKey]);
  for (const [descriptor, { settings: values, allowFrom }] of answers.channels) {
    for (const [key, value] of Object.entries(values)) settings.push([["channels", descriptor.name, key], value]);
    settings.push([["channels", descriptor.name, "allow_from"], allowFrom]);
  }
  return settings;
}

/** Sets the answers in a raw config object (a section that is not an object becomes one). */
function mergeInto(raw: Record<string, unknown>, answers: Answers): Record<string, unknown> {
  for (const [path, value] of answeredSettings(answers)) {
    let parent = raw;
    for (const key of path.slice(0, -1)) {
      const child = parent[key];
      if (typeof child !== "object" || child === null || Array.isArray(child)) parent[key] = {};
      parent = parent[key] as Record<string, unknown>;
    }
    parent[path.at(-1)!] = value;
  }
  return raw;
}

/**
 * Writes the answers into config.json: into the file's own text when there is one, so its
 * comments, layout and other keys stay as they are (the old file is kept as config.json.bak).
 */
async function writeConfig(path: string, answers: Answers): Promise<void> {
  const previous = await readFile(path, "utf8").catch(() => undefined);
  if (previous !== undefined) {
    const read = await parseConfigText(previous);
    if (read.type === "syntax-error")
      throw new Error(`${path} is not valid JSON: line ${read.line}, column ${read.column}: ${read.message}`);
    await writeFile(`${path}.bak`, previous, { mode: 0o600 });
  }
  const text = await setInConfigText(previous ?? "", answeredSettings(answers));
  const written = await parseConfigText(text);
  configSchema.parse(written.type === "object" ? written.value : undefined);
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  await writeFileAtomic(path, text.endsWith("\n") ? text : `${text}\n`);
}

/** Line prompts on stderr that read a terminal or a pipe alike; a secret's typing is not echoed. */
function openPrompts() {
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stderr.write(chunk);
      done();
    },
  });
  const lines = createInterface({ input: process.stdin, output, terminal: Boolean(process.stdin.isTTY) });
  const iterator = lines[Symbol.asyncIterator]();
  async function ask(question: string, { fallback, secret = false }: { fallback?: string; secret?: boolean } = {}) {
    const shown = fallback ? (secret ? " [set, Enter keeps it]" : ` [${fallback}]`) : "";
    process.stderr.write(`${question}${shown}: `);
    muted = secret && Boolean(process.stdin.isTTY);
    const next = await iterator.next();
    if (muted || !process.stdin.isTTY) process.stderr.write("\n");
    muted = false;
    if (next.done) return undefined;
    const answer = String(next.value).trim();
    return answer === "" ? (fallback ?? "") : answer;
  }
  return {
    ask,
    async confirm(question: string): Promise<boolean> {
      return /^y(es)?$/i.test((await ask(`${question} [y/N]`)) ?? "");
    },
    close: () => lines.close(),
  };
}
