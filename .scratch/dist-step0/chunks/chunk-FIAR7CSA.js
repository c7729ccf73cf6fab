#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);
import { readdir, readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { generatePairingCode, normalizePairingCode } from "./chunk-GMD2LKHM.js";
import { withFileLock } from "./chunk-SLFH2BJK.js";
import { writeFileAtomic } from "./chunk-VWMAGS7D.js";
var pairingChannelName = /^[a-z0-9_-]{1,64}$/i;
function checkPairingChannel(channel) {
  if (!pairingChannelName.test(channel)) throw new Error(`"${channel}" is not a channel name`);
}
function isSenderNamed(entry, sender) {
  const wanted = sender.replace(/^@/, "").toLowerCase();
  return entry.senderId === sender || (sender.startsWith("@") && entry.senderUsername?.toLowerCase() === wanted);
}
var PairingFiles = class {
  directory;
  ttlMs;
  maxPending;
  location;
  remedy = "make $SKEIN_HOME/pairing readable and writable by the user skein runs as (or fix the file)";
  #now;
  #cache = new Map();
  constructor(options) {
    (this.directory = join(options.home, "pairing")),
      (this.location = this.directory),
      (this.ttlMs = options.ttlMs ?? 3600 * 1e3),
      (this.maxPending = options.maxPending ?? 3),
      (this.#now = options.now ?? Date.now);
  }
  async isApproved(channel, senderId) {
    const { approved } = await this.read(channel);
    return approved.some((sender) => sender.senderId === senderId);
  }
  requestCode(channel, sender) {
    return this.#update(channel, (pairings) => {
      const existing = pairings.pending.find((pending) => pending.senderId === sender.senderId);
      if (existing) return { type: "code", code: existing.code, expiresAt: existing.createdAt + this.ttlMs, isNew: !1 };
      if (pairings.pending.length >= this.maxPending) return { type: "too-many-pending" };
      let code = generatePairingCode();
      for (; pairings.pending.some((pending) => pending.code === code); ) code = generatePairingCode();
      const createdAt = this.#now();
      return (
        pairings.pending.push({ ...withoutUndefined(sender), code, createdAt }),
        { type: "code", code, expiresAt: createdAt + this.ttlMs, isNew: !0 }
      );
    });
  }
  approve(channel, code) {
    const wanted = normalizePairingCode(code);
    return this.#update(channel, (pairings) => {
      const pending = pairings.pending.find((entry) => entry.code === wanted);
      if (!pending) return;
      pairings.pending = pairings.pending.filter((entry) => entry !== pending);
      const { createdAt: _createdAt, chatId: _chatId, ...sender } = pending,
        approved = { ...sender, approvedAt: this.#now() };
      return (
        (pairings.approved = [...pairings.approved.filter((entry) => entry.senderId !== sender.senderId), approved]),
        approved
      );
    });
  }
  deny(channel, code) {
    const wanted = normalizePairingCode(code);
    return this.#update(channel, (pairings) => {
      const before = pairings.pending.length;
      return (
        (pairings.pending = pairings.pending.filter((entry) => entry.code !== wanted)), pairings.pending.length < before
      );
    });
  }
  revoke(channel, sender) {
    return this.#update(channel, (pairings) => {
      const revoked = pairings.approved.find((entry) => isSenderNamed(entry, sender));
      return revoked && (pairings.approved = pairings.approved.filter((entry) => entry !== revoked)), revoked;
    });
  }
  async list() {
    const channels = (
        await readdir(this.directory).catch((error) => {
          if (error.code === "ENOENT") return [];
          throw error;
        })
      )
        .filter((file) => file.endsWith(".json"))
        .map((file) => file.slice(0, -5)),
      result = new Map();
    for (const channel of channels.filter((name) => pairingChannelName.test(name)).sort())
      result.set(channel, await this.read(channel));
    return result;
  }
  async read(channel) {
    const path = this.#path(channel),
      found = await stat(path).catch((error) => {
        if (error.code !== "ENOENT") throw error;
      });
    if (!found) return this.#withoutExpired({ pending: [], approved: [] });
    let stamp = `${found.ino}:${found.mtimeMs}:${found.size}`,
      cached = this.#cache.get(channel);
    return (
      cached?.stamp !== stamp &&
        ((cached = { stamp, pairings: parsePairings(await readFile(path, "utf8"), path) }),
        this.#cache.set(channel, cached)),
      this.#withoutExpired(cached.pairings)
    );
  }
  async #update(channel, change) {
    const path = this.#path(channel);
    return withFileLock(path, async () => {
      const pairings = structuredClone(await this.read(channel)),
        result = change(pairings);
      return (
        await writeFileAtomic(
          path,
          `${JSON.stringify(pairings, null, 2)}
`,
        ),
        this.#cache.delete(channel),
        result
      );
    });
  }
  #withoutExpired(pairings) {
    const now = this.#now();
    return {
      pending: pairings.pending.filter((pending) => pending.createdAt + this.ttlMs > now),
      approved: pairings.approved,
    };
  }
  #path(channel) {
    return checkPairingChannel(channel), join(this.directory, `${channel}.json`);
  }
};
function parsePairings(text, path) {
  let data;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new Error(`${path} is not valid JSON (${error.message}); fix or remove it`, { cause: error });
  }
  const record = data ?? {};
  return {
    pending: Array.isArray(record.pending) ? record.pending : [],
    approved: Array.isArray(record.approved) ? record.approved : [],
  };
}
function withoutUndefined(value) {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== void 0));
}
export { checkPairingChannel, isSenderNamed, PairingFiles, pairingChannelName, withoutUndefined };
//# sourceMappingURL=chunk-FIAR7CSA.js.map
