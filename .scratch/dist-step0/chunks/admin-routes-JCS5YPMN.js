#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);

import { approvePairing, listPairings, revokePairing } from "./chunk-KRMCE3D2.js";
import "./chunk-YOR6E77O.js";
import { PairingFiles } from "./chunk-FIAR7CSA.js";
import "./chunk-SLFH2BJK.js";
import "./chunk-GMD2LKHM.js";
import "./chunk-VWMAGS7D.js";
import "./chunk-2FTZYMYD.js";
import "./chunk-GZ7VATWC.js";
function adminRoutes(options) {
  const store = options.pairings ?? new PairingFiles({ home: options.home });
  return {
    "GET /status": async () => options.status(),
    "GET /pairing": () => listPairings(store),
    "POST /pairing/approve": (body) =>
      approvePairing(store, field(body, "channel"), field(body, "code"), options.pairingReplies),
    "POST /pairing/revoke": (body) =>
      revokePairing(store, field(body, "channel"), field(body, "sender"), options.pairingReplies),
    "POST /dashboard/login": async () => ({ url: await dashboardOf(options).loginUrl() }),
    "POST /dashboard/revoke-all": async () => ({ revoked: await dashboardOf(options).revokeAll() }),
  };
}
function field(body, name) {
  const value = body[name];
  if (typeof value != "string" || value === "") throw new Error(`"${name}" must be a non-empty string`);
  return value;
}
function dashboardOf(options) {
  if (!options.dashboard)
    throw new Error(
      "the dashboard is off in the running daemon (dashboard.enabled is false, or its port could not be bound; see its log)",
    );
  return options.dashboard;
}
export { adminRoutes };
//# sourceMappingURL=admin-routes-JCS5YPMN.js.map
