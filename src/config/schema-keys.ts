import * as z from "zod";
import { configSchema } from "./schema.js";

/**
 * The configuration's keys as the zod schema declares them (channel plugins included):
 * docs/configuration.md's configuration reference is tested against this list, and unknown keys
 * get a "did you mean" from it.
 */

/** One configuration key: its dotted path (`<name>` for a record's entries), and its default when it has one. */
export interface SchemaKey {
  path: string;
  /** Whether the key holds more keys (an object or a record of objects). */
  section: boolean;
  default?: unknown;
}

type AnySchema = z.ZodType;

/** The schema inside optional/default/prefault/nullable wrappers and transforms, with the default met on the way. */
function unwrap(schema: AnySchema): { inner: AnySchema; default?: unknown } {
  let inner = schema;
  let found: unknown;
  for (;;) {
    const def = (inner as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
    if ((def.type === "default" || def.type === "prefault") && found === undefined) found = def.defaultValue;
    if (["default", "prefault", "optional", "nullable", "readonly", "catch"].includes(def.type as string))
      inner = def.innerType as AnySchema;
    else if (def.type === "pipe") inner = def.in as AnySchema;
    else return { inner, default: found };
  }
}

/** Every key of the configuration, parents before their children. */
export function schemaKeys(schema: AnySchema = configSchema, prefix = ""): SchemaKey[] {
  const { inner } = unwrap(schema);
  const keys: SchemaKey[] = [];
  const entries: Array<[string, AnySchema]> =
    inner instanceof z.ZodObject
      ? Object.entries(inner.shape as Record<string, AnySchema>)
      : inner instanceof z.ZodRecord
        ? [["<name>", inner._zod.def.valueType as AnySchema]]
        : [];
  for (const [name, child] of entries) {
    const path = prefix ? `${prefix}.${name}` : name;
    const { inner: childInner, default: value } = unwrap(child);
    // A record of plain values (`env`, `headers`) is one key; a record of objects (`mcp_servers`) has keys per entry.
    const recordOfValues =
      childInner instanceof z.ZodRecord &&
      !(unwrap(childInner._zod.def.valueType as AnySchema).inner instanceof z.ZodObject);
    const section = childInner instanceof z.ZodObject || (childInner instanceof z.ZodRecord && !recordOfValues);
    keys.push({ path, section, default: value });
    if (section) keys.push(...schemaKeys(childInner, path));
  }
  return keys;
}

/** The keys declared beside `path` (the siblings a misspelt key was meant to be). */
export function knownKeysBeside(path: string, keys: readonly SchemaKey[] = schemaKeys()): string[] {
  const segments = path.split(".");
  const parent = segments.slice(0, -1);
  return keys
    .map((key) => key.path.split("."))
    .filter(
      (candidate) =>
        candidate.length === segments.length &&
        parent.every((segment, index) => candidate[index] === segment || candidate[index] === "<name>"),
    )
    .map((candidate) => candidate.at(-1)!);
}
