#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);

import { describeStatus, skillCommandEnv, skillStatuses } from "./chunk-44BU4H6W.js";
import "./chunk-GZ7VATWC.js";
export { describeStatus, skillCommandEnv, skillStatuses };
//# sourceMappingURL=skill-status-B57KG3B2.js.map
