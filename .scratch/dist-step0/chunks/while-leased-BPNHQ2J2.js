#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);

import { keepLease } from "./chunk-VKI4GXCI.js";
import "./chunk-RPHP7PVW.js";
import "./chunk-2FTZYMYD.js";
import "./chunk-GZ7VATWC.js";
async function whileLeased(leases, name, options) {
  const { signal, log } = options;
  for (; !signal.aborted; ) {
    const held = new AbortController(),
      forward = () => held.abort();
    signal.addEventListener("abort", forward, { once: !0 });
    try {
      const lease = await keepLease(leases, name, { signal: held.signal, onLost: forward });
      if (!lease) return;
      if (held.signal.aborted) {
        await leases.release(lease).catch(() => {});
        return;
      }
      log.info({ lease: name, token: lease.token }, "holding a lease: running its work here");
      const lost = new Promise((resolve) => held.signal.addEventListener("abort", () => resolve(), { once: !0 }));
      options.run(held.signal),
        await lost,
        signal.aborted || log.warn({ lease: name }, "lost a lease: its work stopped here until it is taken again");
    } finally {
      signal.removeEventListener("abort", forward);
    }
  }
}
export { whileLeased };
//# sourceMappingURL=while-leased-BPNHQ2J2.js.map
