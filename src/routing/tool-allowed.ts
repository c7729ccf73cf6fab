/** The lists that decide which tools an agent is offered (`tools.allow`, `tools.deny`). */
export interface ToolLists {
  /** Offered tools; every tool when undefined. */
  allow?: readonly string[];
  /** Never offered, even when `allow` names them. */
  deny?: readonly string[];
}

const compiled = new WeakMap<readonly string[], RegExp>();

/** One pattern for a list of names where `*` stands for any characters (`github__*`, `web_*`, `*`). */
function patternOf(names: readonly string[]): RegExp {
  let pattern = compiled.get(names);
  if (!pattern) {
    const alternatives = names.map((name) =>
      name
        .split("*")
        .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
        .join(".*"),
    );
    pattern = new RegExp(`^(?:${alternatives.join("|") || "(?!)"})$`);
    compiled.set(names, pattern);
  }
  return pattern;
}

/**
 * Whether an agent is offered the tool `name` (a built-in's name, or an MCP tool's
 * `<server>__<tool>`): not denied, and allowed (every tool is, without an `allow` list).
 */
export function toolAllowed(name: string, lists: ToolLists): boolean {
  if (lists.deny?.length && patternOf(lists.deny).test(name)) return false;
  return lists.allow === undefined || patternOf(lists.allow).test(name);
}
