#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);

import { skillCatalog } from "./chunk-U372KKDR.js";
import "./chunk-GZ7VATWC.js";
export { skillCatalog };
//# sourceMappingURL=skill-catalog-2XSQYSEY.js.map
