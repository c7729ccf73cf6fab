#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);

import { clusterKeyPrefix, openCluster } from "./chunk-KZTME5QC.js";
import "./chunk-VKI4GXCI.js";
import "./chunk-KSKPHG5U.js";
import "./chunk-MNLODEE5.js";
import "./chunk-ZHRPOCJR.js";
import "./chunk-RPHP7PVW.js";
import "./chunk-XSPF2MYQ.js";
import "./chunk-2FTZYMYD.js";
import "./chunk-GZ7VATWC.js";
export { clusterKeyPrefix, openCluster };
//# sourceMappingURL=open-cluster-GHTL47Z6.js.map
