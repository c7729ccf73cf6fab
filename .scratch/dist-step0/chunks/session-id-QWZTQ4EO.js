#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);

import { decodeSessionFileName, encodeSessionKey, SessionIdError, validateSessionKey } from "./chunk-BF4ACQ66.js";
import "./chunk-GZ7VATWC.js";
export { decodeSessionFileName, encodeSessionKey, SessionIdError, validateSessionKey };
//# sourceMappingURL=session-id-QWZTQ4EO.js.map
