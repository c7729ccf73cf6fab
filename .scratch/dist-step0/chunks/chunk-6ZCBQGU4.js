#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);
var NAME_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/,
  EXTENSION_KEYS = ["openclaw", "nanobot", "clawdbot"],
  FRONTMATTER = /^\uFEFF?---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;
async function loadYamlParse() {
  const { parse } = await import("yaml");
  return (text) => parse(text);
}
function parseSkill(text, folder, parseYaml) {
  const match = FRONTMATTER.exec(text);
  if (!match) return invalid("frontmatter", "SKILL.md must begin with YAML frontmatter between --- lines");
  let data;
  try {
    data = parseYaml(match[1]);
  } catch (error) {
    return invalid("frontmatter", `not valid YAML: ${firstLine(error)}`);
  }
  if (!isRecord(data)) return invalid("frontmatter", "must be a YAML mapping of fields");
  const body = text.slice(match[0].length).trim(),
    name = data.name;
  if (typeof name != "string" || name === "") return invalid("name", "is required");
  if (name.length > 64) return invalid("name", "must be at most 64 characters");
  if (!NAME_PATTERN.test(name))
    return invalid("name", `"${name}" must be lowercase letters, digits and single hyphens (not first or last)`);
  if (name !== folder) return invalid("name", `"${name}" must equal the folder's name "${folder}"`);
  const description = data.description;
  if (typeof description != "string" || description.trim() === "") return invalid("description", "is required");
  if (description.length > 1024)
    return invalid("description", `must be at most 1024 characters (has ${description.length})`);
  for (const field of ["license", "compatibility"])
    if (data[field] !== void 0 && typeof data[field] != "string") return invalid(field, "must be a string");
  const compatibility = data.compatibility;
  if (compatibility !== void 0 && compatibility.length > 500)
    return invalid("compatibility", "must be at most 500 characters");
  const metadata = data.metadata ?? {};
  if (!isRecord(metadata)) return invalid("metadata", "must be a mapping");
  const allowed = data["allowed-tools"];
  if (allowed !== void 0 && typeof allowed != "string" && !isStringList(allowed))
    return invalid("allowed-tools", "must be a space-separated string of tool names");
  const extension = EXTENSION_KEYS.map((key) => metadata[key]).find(isRecord) ?? {},
    requires = extension.requires ?? {};
  if (!isRecord(requires)) return invalid("metadata.requires", "must be a mapping");
  const lists = { bins: [], anyBins: [], env: [], os: [] };
  for (const key of ["bins", "anyBins", "env"]) {
    const list = stringList(requires[key]);
    if (!list) return invalid(`metadata.requires.${key}`, "must be a list of strings");
    lists[key] = list;
  }
  const os = stringList(extension.os);
  if (!os) return invalid("metadata.os", "must be a list of platforms");
  const flags = {};
  for (const [field, value, fallback] of [
    ["metadata.always", extension.always, !1],
    ["user-invocable", data["user-invocable"], !0],
    ["disable-model-invocation", data["disable-model-invocation"], !1],
  ]) {
    const flag = booleanOf(value, fallback);
    if (flag === void 0) return invalid(field, "must be true or false");
    flags[field] = flag;
  }
  return {
    type: "valid",
    body,
    manifest: {
      name,
      description: description.trim(),
      ...(typeof data.license == "string" ? { license: data.license } : {}),
      ...(compatibility !== void 0 ? { compatibility } : {}),
      metadata,
      allowedTools: typeof allowed == "string" ? allowed.split(/\s+/).filter(Boolean) : (allowed ?? []),
      requires: { bins: lists.bins, anyBins: lists.anyBins, env: lists.env },
      always: flags["metadata.always"],
      os,
      userInvocable: flags["user-invocable"],
      modelInvocable: !flags["disable-model-invocation"],
    },
  };
}
function invalid(field, reason) {
  return { type: "invalid", field, reason };
}
function isRecord(value) {
  return typeof value == "object" && value !== null && !Array.isArray(value);
}
function isStringList(value) {
  return Array.isArray(value) && value.every((item) => typeof item == "string");
}
function stringList(value) {
  return value == null ? [] : typeof value == "string" ? [value] : isStringList(value) ? value : void 0;
}
function booleanOf(value, fallback) {
  if (value == null) return fallback;
  if (typeof value == "boolean") return value;
  if (value === "true" || value === "false") return value === "true";
}
function firstLine(error) {
  return (error instanceof Error ? error.message : String(error)).split(
    `
`,
    1,
  )[0];
}
export { loadYamlParse, parseSkill };
//# sourceMappingURL=chunk-6ZCBQGU4.js.map
