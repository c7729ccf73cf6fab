#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);

import { MAX_SKILL_FILE_BYTES, scanSkillFolder, scanSkills } from "./chunk-6UURLZRQ.js";
import "./chunk-6ZCBQGU4.js";
import "./chunk-GZ7VATWC.js";
export { MAX_SKILL_FILE_BYTES, scanSkillFolder, scanSkills };
//# sourceMappingURL=scan-skills-A5WRK25M.js.map
