#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);

import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
var loginTokenTtlMs = 15 * 6e4,
  DashboardLogins = class {
    #store;
    #ttlMs;
    #now;
    constructor(options) {
      (this.#store = options.store),
        (this.#ttlMs = options.sessionTtlSeconds * 1e3),
        (this.#now = options.now ?? Date.now);
    }
    async issueLoginToken() {
      return issueLoginToken(this.#store, this.#now());
    }
    async login(loginToken) {
      if (!wellFormedToken(loginToken) || !(await this.#store.spendLogin(tokenHash(loginToken), this.#now()))) return;
      const token = newToken(),
        hash = tokenHash(token),
        expiresAt = this.#now() + this.#ttlMs;
      return await this.#store.addSession(hash, expiresAt), { token, session: sessionOf(token, hash, expiresAt) };
    }
    async session(token) {
      if (!token || !wellFormedToken(token)) return;
      const hash = tokenHash(token),
        expiresAt = await this.#store.sessionExpiry(hash, this.#now());
      return expiresAt === void 0 ? void 0 : sessionOf(token, hash, expiresAt);
    }
    async isOpen(session) {
      return (await this.#store.sessionExpiry(session.hash, this.#now())) !== void 0;
    }
    logout(session) {
      return this.#store.removeSession(session.hash);
    }
    revokeAll() {
      return this.#store.removeAll();
    }
  };
async function issueLoginToken(store, now) {
  const token = newToken();
  return await store.addLogin(tokenHash(token), now + loginTokenTtlMs), token;
}
function csrfMatches(session, given) {
  if (!given) return !1;
  const expected = Buffer.from(session.csrf),
    actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
function sessionOf(token, hash, expiresAt) {
  const csrf = createHmac("sha256", token).update("skein dashboard csrf").digest("base64url");
  return { id: hash.slice(0, 12), hash, expiresAt, csrf };
}
function newToken() {
  return randomBytes(32).toString("base64url");
}
function wellFormedToken(token) {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}
function tokenHash(token) {
  return createHash("sha256").update(token).digest("hex");
}
export { csrfMatches, DashboardLogins, issueLoginToken, loginTokenTtlMs, tokenHash };
//# sourceMappingURL=chunk-65VAGGUT.js.map
