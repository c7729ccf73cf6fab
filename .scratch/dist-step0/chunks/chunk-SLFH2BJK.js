#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);
import { mkdir, open, rm, stat } from "node:fs/promises";
import { dirname } from "node:path";
import { abortableSleep } from "./chunk-2FTZYMYD.js";
var queues = new Map();
function withFileLock(path, work, options = {}) {
  const result = (queues.get(path) ?? Promise.resolve())
      .catch(() => {})
      .then(() => holdingLock(`${path}.lock`, work, options)),
    settled = result.catch(() => {});
  return (
    queues.set(path, settled),
    settled.then(() => {
      queues.get(path) === settled && queues.delete(path);
    }),
    result
  );
}
async function holdingLock(lockPath, work, options) {
  const deadline = Date.now() + (options.timeoutMs ?? 5e3);
  for (await mkdir(dirname(lockPath), { recursive: !0, mode: 448 }); ; )
    try {
      const handle = await open(lockPath, "wx");
      await handle.writeFile(String(process.pid)), await handle.close();
      break;
    } catch (error) {
      if (error.code !== "EEXIST") throw error;
      if (
        (await stat(lockPath).then(
          (found) => Date.now() - found.mtimeMs,
          () => 0,
        )) > (options.staleMs ?? 3e4)
      ) {
        await rm(lockPath, { force: !0 });
        continue;
      }
      if (Date.now() > deadline) throw new Error(`${lockPath} is held by another process; try again`, { cause: error });
      await abortableSleep(25);
    }
  try {
    return await work();
  } finally {
    await rm(lockPath, { force: !0 });
  }
}
export { withFileLock };
//# sourceMappingURL=chunk-SLFH2BJK.js.map
