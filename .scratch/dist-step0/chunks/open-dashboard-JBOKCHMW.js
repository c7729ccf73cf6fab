#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);

import { dashboardOrigin, openDashboard } from "./chunk-NEJLPROV.js";
import "./chunk-GZ7VATWC.js";
export { dashboardOrigin, openDashboard };
//# sourceMappingURL=open-dashboard-JBOKCHMW.js.map
