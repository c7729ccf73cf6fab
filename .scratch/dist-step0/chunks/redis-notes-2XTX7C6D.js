#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);
import { MemoryFile, noteFiles } from "./chunk-RKXUVTS4.js";
import { readyWithin } from "./chunk-RPHP7PVW.js";
import "./chunk-6FK2TDNU.js";
import "./chunk-VWMAGS7D.js";
import "./chunk-2FTZYMYD.js";
import "./chunk-GZ7VATWC.js";
var appendScript = `
local existing = redis.call('GET', KEYS[1]) or ''
local separator = '\\n\\n'
if existing == '' or string.sub(existing, -2) == '\\n\\n' then separator = ''
elseif string.sub(existing, -1) == '\\n' then separator = '\\n' end
redis.call('SET', KEYS[1], existing .. separator .. ARGV[1])
return 1`,
  updateScript = `
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 0 then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
return 1`,
  RedisMemory = class {
    #redis;
    #key;
    constructor(options) {
      (this.#redis = options.redis), (this.#key = `${options.prefix}memory`);
    }
    get where() {
      return `redis key ${this.#key}`;
    }
    async read() {
      return (await this.#redis.get(this.#key)) ?? void 0;
    }
    async overwrite(content) {
      await this.#redis.set(this.#key, content);
    }
    async append(content) {
      await this.#redis.eval(appendScript, 1, this.#key, content);
    }
    async seed(content) {
      return (await this.#redis.set(this.#key, content, "NX")) === "OK";
    }
  },
  RedisNotes = class {
    #redis;
    #prefix;
    constructor(options) {
      (this.#redis = options.redis), (this.#prefix = options.prefix);
    }
    async save(user, id, text) {
      await this.#redis.hset(this.#key(user), id, text);
    }
    async list(user) {
      return Object.entries(await this.#redis.hgetall(this.#key(user))).map(([id, text]) => ({ id, text }));
    }
    async update(user, id, text) {
      return (await this.#redis.eval(updateScript, 1, this.#key(user), id, text)) === 1;
    }
    async delete(user, id) {
      return (await this.#redis.hdel(this.#key(user), id)) === 1;
    }
    async seed(user, id, text) {
      await this.#redis.hsetnx(this.#key(user), id, text);
    }
    #key(user) {
      return `${this.#prefix}notes:${user}`;
    }
  };
async function seedMemoryFromFiles(options) {
  const { log } = options,
    content = await options.memoryFile.read();
  content &&
    (await options.memory.seed(content)) &&
    log.info({ from: options.memoryFile.where }, "MEMORY.md copied from the workspace into Redis (cluster mode)");
  let copied = 0;
  for (const user of await options.noteFiles.users())
    for (const note of await options.noteFiles.list(user, log))
      await options.notes.seed(user, note.id, note.text), copied++;
  copied > 0 && log.info({ notes: copied }, "local per-user notes copied into Redis (cluster mode)");
}
async function openSharedMemory(options) {
  const memory = new RedisMemory(options),
    notes = new RedisNotes(options),
    { log } = options;
  return (
    await readyWithin(options.redis, options.startWaitMs ?? 2e3),
    await seedMemoryFromFiles({
      memory,
      notes,
      memoryFile: new MemoryFile(options.workspace),
      noteFiles: noteFiles({ workspace: options.workspace, home: options.home }),
      log,
    }).catch((error) =>
      log.warn({ err: error }, "could not copy MEMORY.md and the notes into Redis; trying again at the next start"),
    ),
    { memory, notes }
  );
}
export { openSharedMemory, RedisMemory, RedisNotes, seedMemoryFromFiles };
//# sourceMappingURL=redis-notes-2XTX7C6D.js.map
