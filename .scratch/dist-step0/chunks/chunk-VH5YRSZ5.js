#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);
async function deliverChunks(chunks, options, sendChunk) {
  const messageIds = [];
  for (let index = options?.fromChunk ?? 0; index < chunks.length; index++) {
    options?.signal?.throwIfAborted();
    const messageId = await sendChunk(chunks[index], index);
    messageId !== void 0 && messageIds.push(messageId), await options?.onChunkDelivered?.(index, chunks.length);
  }
  return messageIds;
}
export { deliverChunks };
//# sourceMappingURL=chunk-VH5YRSZ5.js.map
