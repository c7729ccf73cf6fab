/** The ES2024 string methods (Node 20+), which the ES2023 lib does not declare. */
interface WellFormedString {
  isWellFormed(): boolean;
  toWellFormed(): string;
}

/**
 * `text` with every lone UTF-16 surrogate replaced by U+FFFD. A lone surrogate (half an emoji cut by
 * a truncation, or sent by an MCP server as `"\ud83d"`) is valid in a JavaScript string but not in
 * the JSON a provider parses: one of them in a chat's history gets every later request of that
 * chat rejected ("no low surrogate in string").
 */
export function wellFormed(text: string): string {
  const checked = text as unknown as WellFormedString;
  return checked.isWellFormed() ? text : checked.toWellFormed();
}

/**
 * Objects (not arrays, which a tool loop appends to) found to hold no lone surrogate: a chat's
 * messages and the tools are the same objects at every request, each checked once instead of at
 * every turn (a message is never changed in place once made).
 */
const checked = new WeakSet<object>();

/**
 * `value` with {@link wellFormed} applied to every string in it (object keys included), through
 * arrays and plain objects; the same object when nothing needed healing, so the common case copies nothing.
 */
export function wellFormedDeep<T>(value: T): T {
  if (typeof value === "string") return wellFormed(value) as T;
  if (value === null || typeof value !== "object" || checked.has(value)) return value;
  const healed = healedCopy(value);
  if (healed === value && !Array.isArray(value)) checked.add(value);
  return healed;
}

function healedCopy<T extends object>(value: T): T {
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let index = 0; index < value.length; index++) {
      const item: unknown = value[index];
      if (typeof item === "object" && item !== null && checked.has(item)) continue;
      const healed = wellFormedDeep(item);
      if (healed === item) continue;
      copy ??= [...value];
      copy[index] = healed;
    }
    return (copy ?? value) as T;
  }
  let copy: Record<string, unknown> | undefined;
  for (const [key, item] of Object.entries(value)) {
    const healedKey = wellFormed(key);
    const healed = wellFormedDeep(item);
    if (healed === item && healedKey === key) continue;
    copy ??= { ...(value as Record<string, unknown>) };
    if (healedKey !== key) delete copy[key];
    copy[healedKey] = healed;
  }
  return (copy ?? value) as T;
}
