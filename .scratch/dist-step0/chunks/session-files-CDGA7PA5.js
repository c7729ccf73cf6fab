#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);

import "./chunk-GZ7VATWC.js";
import { mkdir, readdir, readFile, rm, unlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
function dashboardDir(home) {
  return join(home, "dashboard");
}
var DashboardSessionFiles = class {
  #logins;
  #sessions;
  constructor(home) {
    (this.#logins = join(dashboardDir(home), "logins")), (this.#sessions = join(dashboardDir(home), "sessions"));
  }
  async addLogin(hash, expiresAt) {
    await this.#write(this.#logins, hash, expiresAt);
  }
  async spendLogin(hash, now) {
    const path = join(this.#logins, hash),
      expiresAt = await readExpiry(path);
    if (expiresAt === void 0) return !1;
    try {
      await unlink(path);
    } catch {
      return !1;
    }
    return expiresAt > now;
  }
  async addSession(hash, expiresAt) {
    await this.#write(this.#sessions, hash, expiresAt);
  }
  async sessionExpiry(hash, now) {
    const path = join(this.#sessions, hash),
      expiresAt = await readExpiry(path);
    if (expiresAt !== void 0) {
      if (expiresAt > now) return expiresAt;
      await rm(path, { force: !0 });
    }
  }
  async removeSession(hash) {
    await rm(join(this.#sessions, hash), { force: !0 });
  }
  async removeAll() {
    const sessions = await readdir(this.#sessions).catch(() => []);
    return (
      await Promise.all([
        ...sessions.map((name) => rm(join(this.#sessions, name), { force: !0 })),
        readdir(this.#logins)
          .catch(() => [])
          .then((logins) => Promise.all(logins.map((name) => rm(join(this.#logins, name), { force: !0 })))),
      ]),
      sessions.length
    );
  }
  async #write(dir, hash, expiresAt) {
    await mkdir(dir, { recursive: !0, mode: 448 }),
      await writeFile(
        join(dir, hash),
        `${expiresAt}
`,
        { mode: 384 },
      );
  }
};
async function readExpiry(path) {
  if (/^[0-9a-f]{64}$/.test(path.slice(-64)))
    try {
      const expiresAt = Number((await readFile(path, "utf8")).trim());
      return Number.isFinite(expiresAt) ? expiresAt : void 0;
    } catch {
      return;
    }
}
export { DashboardSessionFiles, dashboardDir };
//# sourceMappingURL=session-files-CDGA7PA5.js.map
