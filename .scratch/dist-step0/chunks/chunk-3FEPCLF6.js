#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);
import { appendFile, mkdir, readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { chatKeyOf } from "./chunk-XSPF2MYQ.js";
import { writeWithin } from "./chunk-ZHRPOCJR.js";
function utcDay(epochMs) {
  return new Date(epochMs).toISOString().slice(0, 10);
}
var UNWRITTEN_LINES = 1e4,
  UsageFiles = class {
    #dir;
    #gatherMs;
    #health;
    #writeTimeoutMs;
    #unwritten = [];
    #retry;
    #queue = [];
    #timer;
    #writing;
    #dirReady;
    constructor(dir, options = {}) {
      (this.#dir = dir),
        (this.#gatherMs = options.gatherMs ?? 0),
        (this.#health = options.writeHealth),
        (this.#writeTimeoutMs = options.writeTimeoutMs ?? 5e3);
    }
    append(record) {
      const line = `${JSON.stringify(record)}
`,
        file = join(this.#dir, `${utcDay(Date.parse(record.at))}.jsonl`);
      return new Promise((resolve, reject) => {
        this.#queue.push({ file, line, resolve, reject }),
          !this.#writing &&
            !this.#timer &&
            ((this.#timer = setTimeout(() => {
              this.flush();
            }, this.#gatherMs)),
            this.#timer.unref());
      });
    }
    async flush() {
      clearTimeout(this.#timer), (this.#timer = void 0), (this.#writing ??= this.#drain()), await this.#writing;
    }
    async #drain() {
      do {
        const batch = [...this.#unwritten.map((entry2) => ({ ...entry2, resolve() {}, reject() {} })), ...this.#queue];
        (this.#unwritten = []), (this.#queue = []);
        for (const file of new Set(batch.map((entry2) => entry2.file))) {
          const entries = batch.filter((entry2) => entry2.file === file);
          try {
            (this.#dirReady ??= mkdir(this.#dir, { recursive: !0, mode: 448 })), await this.#dirReady;
            const text = entries.map((entry2) => entry2.line).join("");
            await writeWithin(appendFile(file, text, { mode: 384 }), file, this.#writeTimeoutMs),
              this.#health?.succeeded("usage");
            for (const entry2 of entries) entry2.resolve();
          } catch (error) {
            if (((this.#dirReady = void 0), !this.#health)) {
              for (const entry2 of entries) entry2.reject(error);
              continue;
            }
            this.#health.failed(
              "usage",
              file,
              error,
              "usage is counted in memory and written when writes succeed again",
            ),
              this.#unwritten.push(...entries.map(({ file: file2, line }) => ({ file: file2, line }))),
              this.#unwritten.splice(0, Math.max(0, this.#unwritten.length - UNWRITTEN_LINES));
            for (const entry2 of entries) entry2.resolve();
          }
        }
      } while (this.#queue.length > 0);
      (this.#writing = void 0),
        this.#unwritten.length > 0 &&
          !this.#retry &&
          ((this.#retry = setTimeout(() => {
            (this.#retry = void 0), this.flush();
          }, 2e3)),
          this.#retry.unref());
    }
    async readSince(since) {
      let names;
      try {
        names = await readdir(this.#dir);
      } catch (error) {
        if (error.code === "ENOENT") return [];
        throw error;
      }
      const firstDay = utcDay(since),
        days = names.filter((name) => /^\d{4}-\d{2}-\d{2}\.jsonl$/.test(name) && name.slice(0, 10) >= firstDay).sort(),
        records = [];
      for (const name of days) {
        const text = await readFile(join(this.#dir, name), "utf8");
        for (const line of text.split(`
`)) {
          const record = parseRecord(line);
          record && Date.parse(record.at) >= since && records.push(record);
        }
      }
      return records;
    }
  };
function parseRecord(line) {
  if (line.trim())
    try {
      const value = JSON.parse(line);
      return typeof value.at == "string" && typeof value.promptTokens == "number" ? value : void 0;
    } catch {
      return;
    }
}
var callerOf = (message) => ({
    channel: message.channel,
    chatId: message.chatId,
    senderId: message.senderId,
    ...(message.agentId && { agent: message.agentId }),
  }),
  userKeyOf = (caller) => `${caller.channel}:${caller.senderId}`;
function scopesOf(caller) {
  const within = caller.agent ? `${caller.agent}|` : "";
  return {
    user: `${within}${userKeyOf(caller)}`,
    chat: `${within}${chatKeyOf(caller)}`,
    ...(caller.agent && { agent: caller.agent }),
  };
}
var noUsage = () => ({ calls: 0, promptTokens: 0, completionTokens: 0, cost: 0 });
function addUsage(totals, record) {
  (totals.calls += record.calls ?? 1),
    (totals.promptTokens += record.promptTokens),
    (totals.completionTokens += record.completionTokens),
    record.cachedTokens && (totals.cachedTokens = (totals.cachedTokens ?? 0) + record.cachedTokens),
    (totals.cost += record.cost ?? 0);
}
var tokensOf = (totals) => totals.promptTokens + totals.completionTokens;
function pricesFrom(providers) {
  return (provider, model) => providers[provider]?.prices[model];
}
var UsageLedger = class {
  #options;
  #now;
  #listeners = new Set();
  #today;
  #loading;
  constructor(options) {
    (this.#options = options), (this.#now = options.now ?? Date.now);
  }
  now() {
    return this.#now();
  }
  async record(caller, response, requestedModel) {
    const served = response.servedBy ?? { provider: "unknown", model: requestedModel },
      promptTokens = response.usage?.promptTokens ?? 0,
      completionTokens = response.usage?.completionTokens ?? 0,
      cachedTokens = Math.min(promptTokens, response.usage?.cachedTokens ?? 0),
      price = this.#options.priceOf(served.provider, served.model),
      record = {
        at: new Date(this.#now()).toISOString(),
        ...caller,
        provider: served.provider,
        model: served.model,
        promptTokens,
        completionTokens,
        ...(cachedTokens > 0 ? { cachedTokens } : {}),
        ...(price ? { cost: costOf(price, promptTokens, cachedTokens, completionTokens) } : {}),
      };
    if (this.#options.shared) {
      if (
        (await this.#options.store.append(record).then(
          () => !0,
          (error) => this.#options.log.error({ err: error }, "cannot record model usage"),
        )) &&
        this.#listeners.size > 0
      ) {
        const totals = await this.totalsOf(caller);
        for (const listener of this.#listeners) listener(caller, totals);
      }
      return;
    }
    const today = await this.today();
    count(today, record);
    for (const listener of this.#listeners) listener(caller, callerTotals(today, caller));
    this.#options.store.append(record).catch((error) => {
      this.#options.log.error({ err: error }, "cannot record model usage");
    });
  }
  async flush() {
    await this.#options.store.flush?.();
  }
  onRecord(listener) {
    return this.#listeners.add(listener), () => this.#listeners.delete(listener);
  }
  async today() {
    const day = utcDay(this.#now());
    if (this.#today?.day === day) return this.#today;
    this.#loading ??= this.#load(day).finally(() => {
      this.#loading = void 0;
    });
    const loaded = await this.#loading;
    return this.#today?.day !== loaded.day && (this.#today = loaded), this.#today;
  }
  async totalsOf(caller) {
    const day = utcDay(this.#now());
    return this.#options.shared
      ? this.#options.shared
          .dayTotals(day, caller)
          .catch(
            (error) => (
              this.#options.log.error({ err: error }, "cannot read today's model usage of the cluster; counting none"),
              { day, user: noUsage(), chat: noUsage(), all: noUsage(), ...(caller.agent && { agent: noUsage() }) }
            ),
          )
      : callerTotals(await this.today(), caller);
  }
  async readSince(since) {
    return await this.flush(), this.#options.store.readSince(since);
  }
  async #load(day) {
    const totals = { day, byUser: new Map(), byChat: new Map(), byAgent: new Map(), all: noUsage() };
    try {
      for (const record of await this.#options.store.readSince(Date.parse(`${day}T00:00:00Z`))) count(totals, record);
    } catch (error) {
      this.#options.log.error({ err: error }, "cannot read today's model usage; counting from zero");
    }
    return totals;
  }
};
function count(totals, record) {
  const scopes = scopesOf(record);
  addUsage(totals.all, record),
    addUsage(entry(totals.byUser, scopes.user), record),
    addUsage(entry(totals.byChat, scopes.chat), record),
    scopes.agent && addUsage(entry(totals.byAgent, scopes.agent), record);
}
function callerTotals(today, caller) {
  const scopes = scopesOf(caller);
  return {
    day: today.day,
    user: today.byUser.get(scopes.user) ?? noUsage(),
    chat: today.byChat.get(scopes.chat) ?? noUsage(),
    all: today.all,
    ...(scopes.agent && { agent: today.byAgent.get(scopes.agent) ?? noUsage() }),
  };
}
function entry(map, key) {
  const totals = map.get(key) ?? noUsage();
  return map.set(key, totals), totals;
}
function costOf(price, promptTokens, cachedTokens, completionTokens) {
  const fresh = promptTokens - cachedTokens,
    cached = cachedTokens * (price.cached_input ?? price.input);
  return (fresh * price.input + cached + completionTokens * price.output) / 1e6;
}
export { addUsage, callerOf, noUsage, pricesFrom, scopesOf, tokensOf, UsageFiles, UsageLedger, userKeyOf, utcDay };
//# sourceMappingURL=chunk-3FEPCLF6.js.map
