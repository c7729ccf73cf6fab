#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);

import { randomBytes } from "node:crypto";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
function temporaryPathFor(path) {
  return `${path}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
}
async function writeFileAtomic(path, text) {
  await mkdir(dirname(path), { recursive: !0, mode: 448 });
  const temporary = temporaryPathFor(path);
  try {
    await writeFile(temporary, text, { mode: 384 }), await rename(temporary, path);
  } catch (error) {
    throw (await rm(temporary, { force: !0 }), error);
  }
}
export { writeFileAtomic };
//# sourceMappingURL=chunk-VWMAGS7D.js.map
