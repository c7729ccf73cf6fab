#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);

import { registerBuiltinTools } from "./chunk-VSZPBWSQ.js";
import "./chunk-D7JGR63W.js";
import "./chunk-FIAR7CSA.js";
import "./chunk-SLFH2BJK.js";
import "./chunk-GMD2LKHM.js";
import "./chunk-RKXUVTS4.js";
import "./chunk-5QAVSRNS.js";
import "./chunk-6FK2TDNU.js";
import "./chunk-KZUCDV6L.js";
import "./chunk-PSIFTLKK.js";
import "./chunk-BPOSQNOK.js";
import "./chunk-2C6HCPTY.js";
import "./chunk-VWMAGS7D.js";
import "./chunk-TLEM5GPM.js";
import "./chunk-2FTZYMYD.js";
import "./chunk-QI67DLSS.js";
import "./chunk-GZ7VATWC.js";
export { registerBuiltinTools };
//# sourceMappingURL=builtin-W4EXNWQ3.js.map
