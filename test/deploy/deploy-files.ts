import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { root } from "./built-cli.js";

/** Readers for the files under deploy/, just enough to check them against the CLI and each other. */

export interface Instruction {
  keyword: string;
  args: string;
}

/** Dockerfile instructions (continuations joined, comments dropped), grouped by stage name. */
export async function readDockerfile(): Promise<{ args: Map<string, string>; stages: Map<string, Instruction[]> }> {
  const text = await readFile(join(root, "deploy", "Dockerfile"), "utf8");
  const logical = text
    .replace(/\\\n/g, " ")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#"));
  const args = new Map<string, string>();
  const stages = new Map<string, Instruction[]>();
  let current: Instruction[] | undefined;
  for (const line of logical) {
    const [, keyword = "", rest = ""] = /^(\S+)\s+(.*)$/.exec(line) ?? [];
    const instruction = { keyword: keyword.toUpperCase(), args: rest.replace(/\s+/g, " ") };
    if (instruction.keyword === "FROM") {
      const name = /\bAS\s+(\S+)$/i.exec(instruction.args)?.[1] ?? String(stages.size);
      current = [instruction];
      stages.set(name, current);
    } else if (current) {
      current.push(instruction);
    } else if (instruction.keyword === "ARG") {
      const [name = "", value = ""] = instruction.args.split("=");
      args.set(name, value);
    }
  }
  return { args, stages };
}

/** `ENV A=1 B=2` instructions of a stage, merged. */
export function envOf(stage: Instruction[]): Record<string, string> {
  const env: Record<string, string> = {};
  for (const { args } of stage.filter((instruction) => instruction.keyword === "ENV")) {
    for (const [, key = "", value = ""] of args.matchAll(/(\w+)=("[^"]*"|\S+)/g))
      env[key] = value.replace(/^"|"$/g, "");
  }
  return env;
}

/** A systemd unit as section -> key -> values (a key may repeat). */
export async function readUnit(): Promise<{ text: string; get(section: string, key: string): string[] }> {
  const text = await readFile(join(root, "deploy", "skein.service"), "utf8");
  const sections = new Map<string, Map<string, string[]>>();
  let section = new Map<string, string[]>();
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (!line || line.startsWith("#") || line.startsWith(";")) continue;
    const header = /^\[(.+)\]$/.exec(line);
    if (header) {
      section = new Map();
      sections.set(header[1]!, section);
      continue;
    }
    const at = line.indexOf("=");
    const key = line.slice(0, at);
    section.set(key, [...(section.get(key) ?? []), line.slice(at + 1)]);
  }
  return { text, get: (name, key) => sections.get(name)?.get(key) ?? [] };
}

/**
 * The YAML subset deploy/docker-compose.yml is written in: block maps and lists by
 * indentation, plain or double-quoted scalars, and JSON-style flow lists. Whole-line
 * comments only.
 */
export function parseYamlSubset(text: string): unknown {
  const lines = text
    .split("\n")
    .filter((line) => line.trim() && !line.trim().startsWith("#"))
    .map((line) => ({ indent: line.length - line.trimStart().length, text: line.trim() }));
  let index = 0;
  const scalar = (value: string): unknown =>
    value.startsWith("[") || value.startsWith('"') ? JSON.parse(value) : value;
  const block = (indent: number): unknown => {
    if (lines[index]?.text.startsWith("- ")) {
      const list: unknown[] = [];
      while (lines[index]?.indent === indent && lines[index]!.text.startsWith("- "))
        list.push(scalar(lines[index++]!.text.slice(2).trim()));
      return list;
    }
    const map: Record<string, unknown> = {};
    while (lines[index]?.indent === indent) {
      const line = lines[index++]!;
      const [, key = "", value = ""] = /^([^:]+):\s*(.*)$/.exec(line.text) ?? [];
      const next = lines[index];
      map[key] = value ? scalar(value) : next && next.indent > indent ? block(next.indent) : null;
    }
    return map;
  };
  return block(0);
}

/** The node flags both deploy files start the daemon with (the Dockerfile's comment at its CMD says why). */
export const daemonNodeFlags = ["--max-old-space-size=192", "--max-semi-space-size=8", "--v8-pool-size=1"];
