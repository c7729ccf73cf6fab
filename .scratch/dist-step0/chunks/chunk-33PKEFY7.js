#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);
function mediaKindOf(mimeType) {
  const type = mimeType ?? "";
  return type.startsWith("image/")
    ? "photo"
    : type.startsWith("audio/")
      ? "audio"
      : type.startsWith("video/")
        ? "video"
        : "document";
}
export { mediaKindOf };
//# sourceMappingURL=chunk-33PKEFY7.js.map
