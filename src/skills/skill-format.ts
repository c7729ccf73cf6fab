/**
 * The Agent Skills format (agentskills.io): a `SKILL.md` with YAML frontmatter and Markdown
 * instructions. Besides the specification's fields, what openclaw and nanobot keep under
 * `metadata.openclaw` / `metadata.nanobot` (requirements, `always`, `os`) and openclaw's
 * `user-invocable` and `disable-model-invocation` are honoured.
 */

/** A skill's frontmatter, validated, with the peers' extensions read. */
export interface SkillManifest {
  name: string;
  description: string;
  license?: string;
  compatibility?: string;
  /** `metadata` as written (the specification's string map, or the peers' nested objects). */
  metadata: Record<string, unknown>;
  /** `allowed-tools`, split on spaces (informational: skein does not narrow the tools). */
  allowedTools: string[];
  requires: {
    /** Binaries that must all be on the PATH commands see. */
    bins: string[];
    /** Of these binaries, at least one must be there (openclaw's `anyBins`). */
    anyBins: string[];
    /** Environment variables that must be set (in the environment or `skills.entries.<name>.env`). */
    env: string[];
  };
  /** Always in the system prompt in full. */
  always: boolean;
  /** Platforms the skill runs on (`linux`, `darwin`, `win32`); empty: any. */
  os: string[];
  /** People may call it as `/<name>` (openclaw's `user-invocable`, default true). */
  userInvocable: boolean;
  /** Listed in the model's catalog (false with openclaw's `disable-model-invocation: true`). */
  modelInvocable: boolean;
}

/** A parsed SKILL.md: valid, or the first field that breaks the rules and why. */
export type SkillParse =
  | { type: "valid"; manifest: SkillManifest; body: string }
  | { type: "invalid"; field: string; reason: string };

/** The parser of the frontmatter (the `yaml` package's `parse`), loaded only when a skill exists. */
export type YamlParse = (text: string) => unknown;

export const MAX_NAME_LENGTH = 64;
export const MAX_DESCRIPTION_LENGTH = 1024;
export const MAX_COMPATIBILITY_LENGTH = 500;
/** 1-64 lowercase letters, digits and hyphens; no hyphen first, last or twice in a row. */
const NAME_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** Where the peers keep their extensions, in the order they are looked for. */
const EXTENSION_KEYS = ["openclaw", "nanobot", "clawdbot"] as const;

const FRONTMATTER = /^\uFEFF?---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

/** Loads the YAML parser (a dynamic import: no cost while no skill is installed). */
export async function loadYamlParse(): Promise<YamlParse> {
  const { parse } = await import("yaml");
  return (text) => parse(text);
}

/** Parses and validates the text of `<folder>/SKILL.md`; `folder` is the skill folder's own name. */
export function parseSkill(text: string, folder: string, parseYaml: YamlParse): SkillParse {
  const match = FRONTMATTER.exec(text);
  if (!match) return invalid("frontmatter", "SKILL.md must begin with YAML frontmatter between --- lines");
  let data: unknown;
  try {
    data = parseYaml(match[1]!);
  } catch (error) {
    return invalid("frontmatter", `not valid YAML: ${firstLine(error)}`);
  }
  if (!isRecord(data)) return invalid("frontmatter", "must be a YAML mapping of fields");
  const body = text.slice(match[0].length).trim();

  const name = data.name;
  if (typeof name !== "string" || name === "") return invalid("name", "is required");
  if (name.length > MAX_NAME_LENGTH) return invalid("name", `must be at most ${MAX_NAME_LENGTH} characters`);
  if (!NAME_PATTERN.test(name))
    return invalid("name", `"${name}" must be lowercase letters, digits and single hyphens (not first or last)`);
  if (name !== folder) return invalid("name", `"${name}" must equal the folder's name "${folder}"`);
  const description = data.description;
  if (typeof description !== "string" || description.trim() === "") return invalid("description", "is required");
  if (description.length > MAX_DESCRIPTION_LENGTH)
    return invalid("description", `must be at most ${MAX_DESCRIPTION_LENGTH} characters (has ${description.length})`);
  for (const field of ["license", "compatibility"] as const) {
    if (data[field] !== undefined && typeof data[field] !== "string") return invalid(field, "must be a string");
  }
  const compatibility = data.compatibility as string | undefined;
  if (compatibility !== undefined && compatibility.length > MAX_COMPATIBILITY_LENGTH)
    return invalid("compatibility", `must be at most ${MAX_COMPATIBILITY_LENGTH} characters`);
  const metadata = data.metadata ?? {};
  if (!isRecord(metadata)) return invalid("metadata", "must be a mapping");
  const allowed = data["allowed-tools"];
  if (allowed !== undefined && typeof allowed !== "string" && !isStringList(allowed))
    return invalid("allowed-tools", "must be a space-separated string of tool names");

  const extension = EXTENSION_KEYS.map((key) => metadata[key]).find(isRecord) ?? {};
  const requires = extension.requires ?? {};
  if (!isRecord(requires)) return invalid("metadata.requires", "must be a mapping");
  const lists: Record<"bins" | "anyBins" | "env" | "os", string[]> = { bins: [], anyBins: [], env: [], os: [] };
  for (const key of ["bins", "anyBins", "env"] as const) {
    const list = stringList(requires[key]);
    if (!list) return invalid(`metadata.requires.${key}`, "must be a list of strings");
    lists[key] = list;
  }
  const os = stringList(extension.os);
  if (!os) return invalid("metadata.os", "must be a list of platforms");
  const flags: Record<string, boolean> = {};
  for (const [field, value, fallback] of [
    ["metadata.always", extension.always, false],
    ["user-invocable", data["user-invocable"], true],
    ["disable-model-invocation", data["disable-model-invocation"], false],
  ] as const) {
    const flag = booleanOf(value, fallback);
    if (flag === undefined) return invalid(field, "must be true or false");
    flags[field] = flag;
  }
  return {
    type: "valid",
    body,
    manifest: {
      name,
      description: description.trim(),
      ...(typeof data.license === "string" ? { license: data.license } : {}),
      ...(compatibility !== undefined ? { compatibility } : {}),
      metadata,
      allowedTools: typeof allowed === "string" ? allowed.split(/\s+/).filter(Boolean) : (allowed ?? []),
      requires: { bins: lists.bins, anyBins: lists.anyBins, env: lists.env },
      always: flags["metadata.always"]!,
      os,
      userInvocable: flags["user-invocable"]!,
      modelInvocable: !flags["disable-model-invocation"],
    },
  };
}

function invalid(field: string, reason: string): SkillParse {
  return { type: "invalid", field, reason };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === "string");
}

/** A list of strings (a single string counts as a list of one); undefined when it is something else. */
function stringList(value: unknown): string[] | undefined {
  if (value === undefined || value === null) return [];
  if (typeof value === "string") return [value];
  return isStringList(value) ? value : undefined;
}

function booleanOf(value: unknown, fallback: boolean): boolean | undefined {
  if (value === undefined || value === null) return fallback;
  if (typeof value === "boolean") return value;
  if (value === "true" || value === "false") return value === "true";
  return undefined;
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split("\n", 1)[0]!;
}
