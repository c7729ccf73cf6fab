/**
 * `base` with `override` laid over it: plain objects merge key by key, anything else
 * (lists included) is replaced whole, and a key the override leaves undefined is inherited.
 */
export function mergeOverride<T>(base: T, override: unknown): T {
  if (!isPlainObject(base) || !isPlainObject(override)) return (override === undefined ? base : override) as T;
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(override)) {
    if (value !== undefined) merged[key] = mergeOverride(merged[key], value);
  }
  return merged as T;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
