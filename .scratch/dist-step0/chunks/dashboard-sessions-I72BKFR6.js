#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);

import { csrfMatches, DashboardLogins, issueLoginToken, loginTokenTtlMs, tokenHash } from "./chunk-65VAGGUT.js";
import "./chunk-GZ7VATWC.js";
export { csrfMatches, DashboardLogins, issueLoginToken, loginTokenTtlMs, tokenHash };
//# sourceMappingURL=dashboard-sessions-I72BKFR6.js.map
