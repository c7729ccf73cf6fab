#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);

import { randomInt } from "node:crypto";
var pairingAlphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789",
  pairingCodeLength = 8;
function generatePairingCode() {
  let code = "";
  for (let index = 0; index < pairingCodeLength; index++) code += pairingAlphabet[randomInt(pairingAlphabet.length)];
  return code;
}
function normalizePairingCode(input) {
  return input.replace(/[\s-]/g, "").toUpperCase();
}
export { generatePairingCode, normalizePairingCode };
//# sourceMappingURL=chunk-GMD2LKHM.js.map
