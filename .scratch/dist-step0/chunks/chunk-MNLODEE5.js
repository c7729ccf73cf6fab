#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);
async function writeAll(file, buffer) {
  let offset = 0;
  for (; offset < buffer.length; ) {
    const { bytesWritten } = await file.write(buffer, offset, buffer.length - offset);
    offset += bytesWritten;
  }
}
export { writeAll };
//# sourceMappingURL=chunk-MNLODEE5.js.map
