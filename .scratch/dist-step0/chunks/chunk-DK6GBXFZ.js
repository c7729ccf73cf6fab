#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);
function wellFormed(text) {
  const checked2 = text;
  return checked2.isWellFormed() ? text : checked2.toWellFormed();
}
var checked = new WeakSet();
function wellFormedDeep(value) {
  if (typeof value == "string") return wellFormed(value);
  if (value === null || typeof value != "object" || checked.has(value)) return value;
  const healed = healedCopy(value);
  return healed === value && !Array.isArray(value) && checked.add(value), healed;
}
function healedCopy(value) {
  if (Array.isArray(value)) {
    let copy2;
    for (let index = 0; index < value.length; index++) {
      const item = value[index];
      if (typeof item == "object" && item !== null && checked.has(item)) continue;
      const healed = wellFormedDeep(item);
      healed !== item && ((copy2 ??= [...value]), (copy2[index] = healed));
    }
    return copy2 ?? value;
  }
  let copy;
  for (const [key, item] of Object.entries(value)) {
    const healedKey = wellFormed(key),
      healed = wellFormedDeep(item);
    (healed === item && healedKey === key) ||
      ((copy ??= { ...value }), healedKey !== key && delete copy[key], (copy[healedKey] = healed));
  }
  return copy ?? value;
}
export { wellFormed, wellFormedDeep };
//# sourceMappingURL=chunk-DK6GBXFZ.js.map
