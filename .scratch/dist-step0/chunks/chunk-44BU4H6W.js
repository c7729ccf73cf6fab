#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);

import { constants } from "node:fs";
import { access } from "node:fs/promises";
import { join } from "node:path";
async function skillStatuses(scanned, options) {
  const binCache = new Map(),
    hasBin = (bin) => {
      let found = binCache.get(bin);
      return found || ((found = onPath(bin, options.binDirs)), binCache.set(bin, found)), found;
    };
  return Promise.all(
    scanned.map(async (skill) => {
      const base = { name: skill.folder, dir: skill.dir, file: skill.file, source: skill.root.source },
        { parse } = skill;
      if (parse.type === "invalid")
        return { ...base, body: "", status: { type: "invalid", field: parse.field, reason: parse.reason } };
      const found = { ...base, manifest: parse.manifest, body: parse.body };
      return skill.shadowedBy
        ? { ...found, status: { type: "shadowed", by: skill.shadowedBy } }
        : { ...found, status: await requirementStatus(parse.manifest, options, hasBin) };
    }),
  );
}
async function requirementStatus(manifest, options, hasBin) {
  const entry = options.entries[manifest.name];
  if (entry?.enabled === !1) return { type: "disabled" };
  const platform = options.platform ?? process.platform;
  if (manifest.os.length > 0 && !manifest.os.includes(platform)) return { type: "wrong-os", os: manifest.os };
  const { bins, anyBins, env } = manifest.requires,
    present = await Promise.all(bins.map(hasBin)),
    missingBins = bins.filter((_, index) => !present[index]);
  if (
    (anyBins.length > 0 &&
      !(await Promise.all(anyBins.map(hasBin))).some(Boolean) &&
      missingBins.push(anyBins.join(" or ")),
    missingBins.length > 0)
  )
    return { type: "missing-bins", bins: missingBins };
  const missingEnv = env.filter((name) => !options.env[name] && !entry?.env[name]);
  return missingEnv.length > 0 ? { type: "missing-env", env: missingEnv } : { type: "ready" };
}
async function onPath(bin, dirs) {
  return bin.includes("/")
    ? !1
    : (
        await Promise.all(
          dirs.map((dir) =>
            access(join(dir, bin), constants.X_OK).then(
              () => !0,
              () => !1,
            ),
          ),
        )
      ).some(Boolean);
}
function describeStatus(status) {
  switch (status.type) {
    case "ready":
      return "ready";
    case "missing-bins":
      return `missing bins: ${status.bins.join(", ")}`;
    case "missing-env":
      return `missing env: ${status.env.join(", ")}`;
    case "wrong-os":
      return `wrong os: needs ${status.os.join(" or ")}`;
    case "disabled":
      return "disabled";
    case "invalid":
      return `invalid: ${status.field}: ${status.reason}`;
    case "shadowed":
      return `shadowed by ${status.by}`;
  }
}
function skillCommandEnv(skill, env, entries) {
  const vars = {};
  for (const name of skill.manifest?.requires.env ?? []) {
    const value = env[name];
    value && (vars[name] = value);
  }
  return { ...vars, ...entries[skill.name]?.env };
}
export { describeStatus, skillCommandEnv, skillStatuses };
//# sourceMappingURL=chunk-44BU4H6W.js.map
