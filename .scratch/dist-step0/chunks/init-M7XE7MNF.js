#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);

import { checkLlms, checkSandbox, formatCheck } from "./chunk-3VV6P5KQ.js";
import { seedWorkspace } from "./chunk-442XO4CZ.js";
import { fail, reportFatal, writeOut } from "./chunk-GOYGBFST.js";
import "./chunk-LYAQOSF4.js";
import { configSchema, loadConfig, parseConfigText, setInConfigText } from "./chunk-E3XL2VA2.js";
import "./chunk-MSZBOYJI.js";
import "./chunk-M4L3VU3S.js";
import "./chunk-K3B23OA7.js";
import { redactSecrets } from "./chunk-KZUCDV6L.js";
import { platformChannels, settingsOf } from "./chunk-PSIFTLKK.js";
import "./chunk-BPOSQNOK.js";
import { writeFileAtomic } from "./chunk-VWMAGS7D.js";
import "./chunk-TLEM5GPM.js";
import "./chunk-XR4YVOZP.js";
import "./chunk-GZ7VATWC.js";
import { mkdir, readFile, stat, writeFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { createInterface } from "node:readline";
import { Writable } from "node:stream";
async function run(options, fetch = globalThis.fetch) {
  try {
    const explicit = options.config ? resolve(options.config) : void 0,
      loaded = await loadConfig(explicit && (await exists(explicit)) ? { configPath: explicit } : {}),
      configPath = explicit ?? loaded.configPath,
      answers = options.yes ? answersFrom(loaded, options) : await askAnswers(loaded, options, fetch);
    if (!answers)
      return (
        fail("init cancelled: nothing written (without a terminal, pass --yes with flags or environment variables)"),
        130
      );
    if (options.yes && options.verify !== !1) {
      const failed = (await verify(answers, loaded, fetch)).filter((result) => result.outcome === "fail");
      if (failed.length)
        return (
          fail(
            `nothing written: ${failed.length} check${failed.length === 1 ? "" : "s"} failed (--no-verify skips them)`,
          ),
          1
        );
    }
    await writeConfig(configPath, answers);
    const seeded = await seedWorkspace(loaded.workspace),
      sandbox = await checkSandbox(loaded.config, loaded.workspace);
    return (
      await writeOut(
        [
          `wrote ${configPath} (mode 0600)`,
          `workspace ${loaded.workspace}: ${seeded}`,
          `sandbox: ${sandbox.detail}${
            sandbox.remedy
              ? `
  fix: ${sandbox.remedy}`
              : ""
          }`,
          answers.channels.size
            ? "next: `skein start` (and `skein doctor` whenever something seems off)"
            : "no channel configured: talk to the agent with `skein chat`, or run `skein init` again with a bot token",
          "",
        ].join(`
`),
      ),
      0
    );
  } catch (error) {
    return reportFatal(error);
  }
}
async function exists(path) {
  return stat(path).then(
    () => !0,
    () => !1,
  );
}
function setupKeys(descriptor) {
  return descriptor.setup ?? descriptor.secrets;
}
function variableFor(descriptor, key) {
  return Object.entries(descriptor.env).find(
    ([, binding]) => (typeof binding == "string" ? binding : binding.key) === key,
  )?.[0];
}
function splitIds(text) {
  return (text ?? "")
    .split(",")
    .map((id) => id.trim())
    .filter(Boolean);
}
function answersFrom(loaded, options) {
  const openai = loaded.config.providers.openai,
    channels = new Map();
  for (const descriptor of platformChannels) {
    const settings = settingsOf(loaded.config, descriptor.name);
    if (!descriptor.isConfigured(settings)) continue;
    const chosen = Object.fromEntries(
        setupKeys(descriptor)
          .filter((key) => typeof settings[key] == "string")
          .map((key) => [key, settings[key]]),
      ),
      allowFrom = options.allowFrom !== void 0 ? splitIds(options.allowFrom) : settings.allow_from;
    channels.set(descriptor, { settings: chosen, allowFrom });
  }
  return {
    model: options.model ?? loaded.config.agents.defaults.model,
    baseUrl: options.baseUrl ?? openai.base_url,
    apiKey: options.apiKey ?? openai.api_key,
    channels,
  };
}
async function askAnswers(loaded, options, fetch) {
  const prompts = openPrompts();
  try {
    const say = (text) => {
      process.stderr.write(text);
    };
    say(`skein init: answer each question, or press Enter to keep the [default]. Ctrl-D cancels.

`);
    let defaults = answersFrom(loaded, options),
      answers;
    for (;;) {
      const baseUrl = await prompts.ask("Model endpoint (OpenAI-compatible base URL)", {
          fallback: defaults.baseUrl ?? "https://api.openai.com/v1",
        }),
        apiKey = await prompts.ask("API key (empty for a local server without one)", {
          fallback: defaults.apiKey,
          secret: !0,
        }),
        model = await prompts.ask("Model", { fallback: defaults.model });
      if (baseUrl === void 0 || apiKey === void 0 || model === void 0) return;
      answers = {
        model,
        baseUrl: baseUrl === "https://api.openai.com/v1" ? void 0 : baseUrl,
        apiKey: apiKey || void 0,
        channels: new Map(),
      };
      const [llm] = await verify({ ...answers, channels: new Map() }, loaded, fetch, options.verify === !1);
      if (llm?.outcome !== "fail" || (await prompts.confirm("Keep it anyway?"))) break;
    }
    for (const descriptor of platformChannels) {
      const current = defaults.channels.get(descriptor);
      for (;;) {
        const settings = {};
        for (const key of setupKeys(descriptor)) {
          const variable = variableFor(descriptor, key),
            value = await prompts.ask(`${descriptor.name} ${key}${variable ? ` (${variable})` : ""}, empty to skip`, {
              fallback: current?.settings[key],
              secret: !0,
            });
          if (value === void 0) return;
          value && (settings[key] = value);
        }
        const draft = { ...answers, channels: new Map([[descriptor, { settings, allowFrom: [] }]]) };
        if (!descriptor.isConfigured(settings)) break;
        if (
          (await verify(draft, loaded, fetch, options.verify === !1, !0)).some((result) => result.outcome === "fail") &&
          !(await prompts.confirm("Keep it anyway?"))
        )
          continue;
        const owner = await prompts.ask(
          `Your own ${descriptor.name} user id, for channels.${descriptor.name}.allow_from (empty: you pair with a code like anyone)`,
          { fallback: current?.allowFrom.join(",") },
        );
        if (owner === void 0) return;
        answers.channels.set(descriptor, { settings, allowFrom: splitIds(owner) });
        break;
      }
    }
    return (
      say(`
`),
      answers
    );
  } finally {
    prompts.close();
  }
}
async function verify(answers, loaded, fetch, skip = !1, channelsOnly = !1) {
  if (skip) return [];
  const config = configSchema.parse(mergeInto(structuredClone(rawOf(loaded)), answers)),
    probeWith = () => ({ fetch, timeoutMs: 1e4 }),
    results = [];
  channelsOnly || results.push(...(await checkLlms(config, probeWith())));
  for (const descriptor of answers.channels.keys())
    results.push(...(await descriptor.checkCredentials(settingsOf(config, descriptor.name), { probeWith })));
  const secrets = [answers.apiKey, ...[...answers.channels.values()].flatMap((entry) => Object.values(entry.settings))];
  for (const result of results)
    for (const line of formatCheck(result, !!process.stderr.isTTY))
      process.stderr.write(`${redactSecrets(
        line,
        secrets.filter((secret) => !!secret),
      )}
`);
  return results;
}
function rawOf(loaded) {
  return { channels: structuredClone(loaded.config.channels), gateway: loaded.config.gateway };
}
function answeredSettings(answers) {
  const settings = [[["agents", "defaults", "model"], answers.model]];
  answers.baseUrl && settings.push([["providers", "openai", "base_url"], answers.baseUrl]),
    answers.apiKey && settings.push([["providers", "openai", "api_key"], answers.apiKey]);
  for (const [descriptor, { settings: values, allowFrom }] of answers.channels) {
    for (const [key, value] of Object.entries(values)) settings.push([["channels", descriptor.name, key], value]);
    settings.push([["channels", descriptor.name, "allow_from"], allowFrom]);
  }
  return settings;
}
function mergeInto(raw, answers) {
  for (const [path, value] of answeredSettings(answers)) {
    let parent = raw;
    for (const key of path.slice(0, -1)) {
      const child = parent[key];
      (typeof child != "object" || child === null || Array.isArray(child)) && (parent[key] = {}),
        (parent = parent[key]);
    }
    parent[path.at(-1)] = value;
  }
  return raw;
}
async function writeConfig(path, answers) {
  const previous = await readFile(path, "utf8").catch(() => {});
  if (previous !== void 0) {
    const read = await parseConfigText(previous);
    if (read.type === "syntax-error")
      throw new Error(`${path} is not valid JSON: line ${read.line}, column ${read.column}: ${read.message}`);
    await writeFile(`${path}.bak`, previous, { mode: 384 });
  }
  const text = await setInConfigText(previous ?? "", answeredSettings(answers)),
    written = await parseConfigText(text);
  configSchema.parse(written.type === "object" ? written.value : void 0),
    await mkdir(dirname(path), { recursive: !0, mode: 448 }),
    await writeFileAtomic(
      path,
      text.endsWith(`
`)
        ? text
        : `${text}
`,
    );
}
function openPrompts() {
  let muted = !1,
    output = new Writable({
      write(chunk, _encoding, done) {
        muted || process.stderr.write(chunk), done();
      },
    }),
    lines = createInterface({ input: process.stdin, output, terminal: !!process.stdin.isTTY }),
    iterator = lines[Symbol.asyncIterator]();
  async function ask(question, { fallback, secret = !1 } = {}) {
    const shown = fallback ? (secret ? " [set, Enter keeps it]" : ` [${fallback}]`) : "";
    process.stderr.write(`${question}${shown}: `), (muted = secret && !!process.stdin.isTTY);
    const next = await iterator.next();
    if (
      ((muted || !process.stdin.isTTY) &&
        process.stderr.write(`
`),
      (muted = !1),
      next.done)
    )
      return;
    const answer = String(next.value).trim();
    return answer === "" ? (fallback ?? "") : answer;
  }
  return {
    ask,
    async confirm(question) {
      return /^y(es)?$/i.test((await ask(`${question} [y/N]`)) ?? "");
    },
    close: () => lines.close(),
  };
}
export { run };
//# sourceMappingURL=init-M7XE7MNF.js.map
