#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);
import { decodeSessionFileName, encodeSessionKey } from "./chunk-BF4ACQ66.js";
import { wellFormedDeep } from "./chunk-DK6GBXFZ.js";
import { writeAll } from "./chunk-MNLODEE5.js";
import { chatKeyOf } from "./chunk-XSPF2MYQ.js";
import { WriteHealth, writeWithin } from "./chunk-ZHRPOCJR.js";
function isSessionSummary(value) {
  if (typeof value != "object" || value === null) return !1;
  const record = value;
  return (
    record.type === "summary" &&
    typeof record.text == "string" &&
    typeof record.at == "string" &&
    typeof record.kept == "number" &&
    Number.isInteger(record.kept) &&
    record.kept >= 0 &&
    typeof record.covered == "number"
  );
}
var REMEMBERED_TURNS = 20,
  roles = new Set(["system", "user", "assistant", "tool"]);
function isChatMessage(value) {
  if (typeof value != "object" || value === null) return !1;
  const message = value;
  return typeof message.role != "string" || !roles.has(message.role)
    ? !1
    : message.role === "tool"
      ? typeof message.tool_call_id == "string" && typeof message.content == "string"
      : message.role === "assistant"
        ? (typeof message.content == "string" || message.content === null) &&
          (message.tool_calls === void 0 || Array.isArray(message.tool_calls))
        : typeof message.content == "string";
}
function turnLine(value) {
  if (typeof value != "object" || value === null) return;
  const line = value;
  if (typeof line.turn != "string" || !Array.isArray(line.messages)) return;
  const replies = Array.isArray(line.replies) ? line.replies.filter((reply) => typeof reply == "string") : [];
  return { id: line.turn, messages: line.messages.filter(isChatMessage), replies };
}
function parseSessionFile(text, onCorrupt) {
  let messages = [],
    turns = new Map(),
    summary;
  return (
    text
      .split(`
`)
      .forEach((line, index) => {
        if (line.trim() !== "")
          try {
            const parsed = /\\u[dD][89a-fA-F]/.test(line) ? wellFormedDeep(JSON.parse(line)) : JSON.parse(line);
            if (isSessionSummary(parsed)) {
              summary = { summary: parsed, start: Math.max(0, messages.length - parsed.kept) };
              return;
            }
            const turn = turnLine(parsed);
            if (turn) {
              messages.push(...turn.messages),
                turns.delete(turn.id),
                turns.set(turn.id, turn.replies),
                turns.size > REMEMBERED_TURNS && turns.delete(turns.keys().next().value);
              return;
            }
            if (!isChatMessage(parsed)) throw new Error("not a chat message");
            messages.push(parsed);
          } catch (error) {
            onCorrupt(index + 1, error.message);
          }
      }),
    {
      messages,
      turns,
      torn:
        text !== "" &&
        !text.endsWith(`
`),
      ...(summary && { summary }),
    }
  );
}
import { constants } from "node:fs";
import { mkdir, mkdir as mkdir2, open, readdir, readFile, rename } from "node:fs/promises";
import { join } from "node:path";
var durableAppend =
    constants.O_DSYNC === void 0
      ? void 0
      : constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_DSYNC,
  OPEN_FILES = 128,
  SessionFileWriter = class {
    #options;
    #pending = new Set();
    #queues = new Map();
    #torn = new Set();
    #files = new Map();
    #writing = new Set();
    #unwritten = new Map();
    #retry;
    #dirReady;
    constructor(options) {
      this.#options = options;
    }
    enqueue(key, path, text) {
      let queue = this.#queues.get(key);
      return (
        queue ||
          ((queue = { path, texts: [], waiters: [] }),
          this.#queues.set(key, queue),
          this.track(this.#drain(key, queue))),
        queue.texts.push(text),
        new Promise((resolve) => queue.waiters.push(resolve))
      );
    }
    track(work) {
      const settled = work.catch(() => {});
      this.#pending.add(settled), settled.finally(() => this.#pending.delete(settled));
    }
    isBusy(key) {
      return this.#queues.has(key) || this.#unwritten.has(key);
    }
    markTorn(path) {
      this.#torn.add(path);
    }
    async forget(path) {
      this.#torn.delete(path), await this.closeFile(path);
    }
    async flush() {
      for (; this.#pending.size > 0; ) await Promise.allSettled([...this.#pending]);
    }
    async close() {
      clearTimeout(this.#retry),
        await this.flush(),
        await Promise.all([...this.#files.keys()].map((path) => this.closeFile(path)));
    }
    async closeFile(path) {
      const file = this.#files.get(path);
      file && (this.#files.delete(path), await file.close().catch(() => {}));
    }
    async #drain(key, queue) {
      await Promise.resolve();
      const { health, writeTimeoutMs } = this.#options;
      for (; queue.texts.length > 0; ) {
        const text = (this.#unwritten.get(key) ?? "") + queue.texts.splice(0).join(""),
          waiters = queue.waiters.splice(0);
        try {
          await writeWithin(this.#write(queue.path, text), queue.path, writeTimeoutMs),
            this.#unwritten.delete(key),
            health.succeeded("sessions");
        } catch (error) {
          this.#unwritten.set(key, text),
            health.failed("sessions", queue.path, error, `the conversation ${key} goes on from memory, not durable`),
            (this.#retry ??= setTimeout(() => this.#writeUnwritten(), 2e3).unref());
        }
        for (const resolve of waiters) resolve();
      }
      this.#queues.delete(key);
    }
    #writeUnwritten() {
      this.#retry = void 0;
      for (const key of this.#unwritten.keys()) {
        if (this.#queues.has(key)) continue;
        const queue = { path: this.#options.pathOf(key), texts: [""], waiters: [] };
        this.#queues.set(key, queue), this.track(this.#drain(key, queue));
      }
    }
    async #write(path, text) {
      (this.#dirReady ??= mkdir(this.#options.dir, { recursive: !0 }).then(() => {})),
        await this.#dirReady,
        this.#writing.add(path);
      try {
        const file = await this.#openFile(path),
          terminate = this.#torn.delete(path);
        try {
          await writeAll(
            file,
            Buffer.from(
              terminate
                ? `
${text}`
                : text,
            ),
          ),
            durableAppend === void 0 && (await file.datasync());
        } catch (error) {
          throw (this.#torn.add(path), await this.closeFile(path), error);
        }
      } finally {
        this.#writing.delete(path);
      }
    }
    async #openFile(path) {
      let file = this.#files.get(path);
      file ? this.#files.delete(path) : (file = await open(path, durableAppend ?? "a", 384)),
        this.#files.set(path, file);
      for (const old of this.#files.keys()) {
        if (this.#files.size <= OPEN_FILES) break;
        this.#writing.has(old) || this.closeFile(old);
      }
      return file;
    }
  };
var SESSION_RETAIN = 1e4,
  SessionFiles = class {
    #dir;
    #log;
    #retain;
    #now;
    #cache = new Map();
    #summaries = new Map();
    #usedAt = new Map();
    #idleMs;
    #sweptAt = 0;
    #loading = new Map();
    #turns = new Map();
    #writer;
    constructor(options) {
      (this.#dir = options.dir),
        (this.#log = options.log),
        (this.#retain = options.retain ?? SESSION_RETAIN),
        (this.#now = options.now ?? (() => new Date())),
        (this.#idleMs = options.idleMs ?? 6e5),
        (this.#writer = new SessionFileWriter({
          dir: options.dir,
          pathOf: (key) => this.pathOf(key),
          health: options.writeHealth ?? new WriteHealth({ log: options.log }),
          writeTimeoutMs: options.writeTimeoutMs ?? 5e3,
        }));
    }
    pathOf(key) {
      return join(this.#dir, `${encodeSessionKey(key)}.jsonl`);
    }
    async hasChat(channel, chatId) {
      const base = chatKeyOf({ channel, chatId });
      return (await readdir(this.#dir).catch(() => [])).some((name) => {
        if (!name.endsWith(".jsonl")) return !1;
        const key = decodeSessionFileName(name.slice(0, -6));
        return key === base || key.startsWith(`${base}:`);
      });
    }
    get size() {
      return this.#cache.size;
    }
    async load(key) {
      this.#touch(key);
      const cached = this.#cache.get(key);
      if (cached) return cached;
      let loading = this.#loading.get(key);
      return (
        loading ||
          ((loading = this.#read(key).finally(() => this.#loading.delete(key))), this.#loading.set(key, loading)),
        loading
      );
    }
    async #read(key) {
      let path = this.pathOf(key),
        text;
      try {
        text = await readFile(path, "utf8");
      } catch (error) {
        if (error.code !== "ENOENT") throw error;
        text = "";
      }
      const { messages, turns, summary, torn } = parseSessionFile(text, (line, reason) =>
        this.#log.warn({ session: key, line, error: reason }, "skipping a corrupt session line"),
      );
      torn && this.#writer.markTorn(path);
      const from = Math.max(0, Math.min(summary?.start ?? messages.length, messages.length - this.#retain)),
        retained = messages.slice(from);
      return (
        this.#cache.set(key, retained),
        summary
          ? this.#summaries.set(key, { summary: summary.summary, start: summary.start - from })
          : this.#summaries.delete(key),
        this.#turns.set(key, turns),
        retained
      );
    }
    async context(key) {
      const messages = await this.load(key),
        summarised = this.#summaries.get(key);
      return summarised ? { summary: summarised.summary, messages: messages.slice(summarised.start) } : { messages };
    }
    async summarise(key, summary) {
      const path = this.pathOf(key);
      this.#touch(key);
      const history = this.#cache.get(key) ?? (await this.load(key));
      return (
        this.#summaries.set(key, { summary, start: Math.max(0, history.length - summary.kept) }),
        this.#writer.enqueue(
          key,
          path,
          `${JSON.stringify(summary)}
`,
        )
      );
    }
    async recordedTurn(key, id) {
      return await this.load(key), this.#turns.get(key)?.get(id);
    }
    append(key, messages, turn) {
      const appending = this.#append(key, messages, turn);
      return this.#cache.has(key) || this.#writer.track(appending), appending;
    }
    async #append(key, messages, turn) {
      if (messages.length === 0) return;
      const path = this.pathOf(key);
      this.#touch(key);
      const history = this.#cache.get(key) ?? (await this.load(key));
      history.push(...messages), this.#trim(key, history);
      const text = turn
        ? `${JSON.stringify({ turn: turn.id, messages, replies: turn.replies })}
`
        : `${messages
            .map((message) => JSON.stringify(message))
            .join(`
`)}
`;
      return this.#writer.enqueue(key, path, text);
    }
    #trim(key, history) {
      if (history.length <= this.#retain * 2) return;
      const summarised = this.#summaries.get(key),
        drop = Math.min(history.length - this.#retain, summarised?.start ?? Number.POSITIVE_INFINITY);
      drop <= 0 || (history.splice(0, drop), summarised && (summarised.start -= drop));
    }
    #touch(key) {
      const now = this.#now().getTime();
      if ((this.#usedAt.set(key, now), !(now - this.#sweptAt < this.#idleMs / 10))) {
        this.#sweptAt = now;
        for (const [idleKey, usedAt] of this.#usedAt)
          now - usedAt < this.#idleMs ||
            this.#writer.isBusy(idleKey) ||
            this.#loading.has(idleKey) ||
            (this.#usedAt.delete(idleKey),
            this.#cache.delete(idleKey),
            this.#summaries.delete(idleKey),
            this.#turns.delete(idleKey),
            this.#writer.closeFile(this.pathOf(idleKey)));
      }
    }
    async archive(key) {
      const path = this.pathOf(key);
      await this.flush(),
        this.#cache.set(key, []),
        this.#summaries.delete(key),
        this.#turns.delete(key),
        await this.#writer.forget(path);
      const stamp = this.#now().toISOString().replace(/[:.]/g, "-"),
        archivePath = join(this.#dir, "archive", `${encodeSessionKey(key)}.${stamp}.jsonl`);
      await mkdir2(join(this.#dir, "archive"), { recursive: !0 });
      try {
        return await rename(path, archivePath), archivePath;
      } catch (error) {
        if (error.code === "ENOENT") return;
        throw error;
      }
    }
    close() {
      return this.#writer.close();
    }
    flush() {
      return this.#writer.flush();
    }
  };
export { isChatMessage, isSessionSummary, REMEMBERED_TURNS, SESSION_RETAIN, SessionFiles };
//# sourceMappingURL=chunk-6XMWGJAV.js.map
