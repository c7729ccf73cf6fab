/**
 * The import graph of src/, channels/ and ui/, and the boundary rules ARCHITECTURE.md states,
 * checked by test/architecture/boundaries.test.ts.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";

/** Each file (repo-relative, `/`-separated) and the files it imports, static or dynamic. */
export type ImportGraph = Map<string, string[]>;

/** A broken boundary: an import that should not exist, or a cycle between top-level folders or between files. */
export type Violation =
  | {
      rule:
        | "core-imports-plugin"
        | "tools-import-channel"
        | "tools-import-agent"
        | "bus-imports-agent"
        | "plugin-imports-plugin"
        | "skills-import-agent"
        | "web-chat-imports"
        | "dashboard-imports-daemon"
        | "ui-crosses-daemon"
        | "routing-imports-beyond-contracts"
        | "confinement-imports-beyond-util"
        | "confinement-entry-bypassed"
        | "speech-imports-beyond-contracts"
        | "speech-entry-bypassed"
        | "browser-imports-beyond-contracts"
        | "browser-entry-bypassed";
      from: string;
      to: string;
    }
  | { rule: "folder-cycle" | "file-cycle"; cycle: string[] };

/** The one file of channels/ the core may import: it lists the plugins' descriptors. */
export const catalogFile = "channels/catalog.ts";

/** The `.ts` files under `folders` of `root`, and their relative imports resolved to files. */
export function buildImportGraph(root: string, folders: string[] = ["src", "channels", "ui"]): ImportGraph {
  const graph: ImportGraph = new Map();
  for (const file of folders.flatMap((folder) => typeScriptFiles(join(root, folder)))) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
    const targets = importedFiles
      .map((imported) => imported.fileName)
      .filter((specifier) => specifier.startsWith("."))
      .map((specifier) => resolveSpecifier(file, specifier));
    graph.set(toKey(root, file), [...new Set(targets.map((target) => toKey(root, target)))]);
  }
  return graph;
}

function typeScriptFiles(directory: string): string[] {
  if (!existsSync(directory)) return [];
  return readdirSync(directory, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts"))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** `./x.js` names the TypeScript file `./x.ts` (ESM with `verbatimModuleSyntax`). */
function resolveSpecifier(file: string, specifier: string): string {
  const target = resolve(dirname(file), specifier);
  return target.endsWith(".js") && !existsSync(target) ? `${target.slice(0, -3)}.ts` : target;
}

function toKey(root: string, file: string): string {
  return relative(root, file).split("\\").join("/");
}

/** The plugin a file of channels/ belongs to (`channels/slack/x.ts` -> `slack`), or undefined for the catalog and src/. */
function pluginOf(file: string): string | undefined {
  if (!file.startsWith("channels/") || file === catalogFile) return undefined;
  const rest = file.slice("channels/".length);
  return rest.includes("/") ? rest.slice(0, rest.indexOf("/")) : rest.replace(/\.ts$/, "");
}

/** The top-level part of src/ a file belongs to: `src/agent/x.ts` -> `agent`, `src/daemon.ts` -> `daemon.ts`. */
function coreFolderOf(file: string): string | undefined {
  if (!file.startsWith("src/")) return undefined;
  return file.slice("src/".length).split("/")[0];
}

/** The folder a file counts in for cycles: its top-level part of src/, or `channels` for the catalog and every plugin. */
function folderOf(file: string): string | undefined {
  return file.startsWith("channels/") ? "channels" : coreFolderOf(file);
}

/** Every broken boundary of `graph`, imports first, then folder cycles. */
export function findViolations(graph: ImportGraph): Violation[] {
  const violations: Violation[] = [];
  for (const [from, targets] of graph) {
    for (const to of targets) {
      const rule = forbiddenImport(from, to);
      if (rule) violations.push({ rule, from, to });
    }
  }
  for (const cycle of folderCycles(graph)) violations.push({ rule: "folder-cycle", cycle });
  for (const cycle of fileCycles(graph)) violations.push({ rule: "file-cycle", cycle });
  return violations;
}

/** The dashboard's web chat: a channel like a plugin, on the core's contracts only (never the agent, tools or daemon). */
const webChatFolder = "src/dashboard/web-chat/";
const webChatContracts = ["bus", "channel-kit", "config", "providers", "util", "log.ts"];

function webChatMayImport(to: string): boolean {
  return (
    to.startsWith(webChatFolder) ||
    to === "src/dashboard/session-transcript.ts" ||
    to === "src/dashboard/dashboard-routes.ts" ||
    webChatContracts.includes(coreFolderOf(to) ?? "")
  );
}

/** Rooms that confine what the agent runs: they import only util, and others reach them through their `index.ts`. */
const confinementRooms = ["sandbox", "command-guard"];

/**
 * What the browser room may import: the sandbox (through its `index.ts`, the confinement rule), the config and util;
 * never a tool, the agent, a channel or the daemon (the `browser` tool is a thin tool over it).
 */
const browserContracts = ["browser", "sandbox", "config", "util", "log.ts"];

function forbiddenImport(
  from: string,
  to: string,
): Exclude<Violation["rule"], "folder-cycle" | "file-cycle"> | undefined {
  // The browser UI is bundled on its own: it shares no code with the daemon, either way.
  if (from.startsWith("ui/") !== to.startsWith("ui/")) return "ui-crosses-daemon";
  const fromFolder = coreFolderOf(from);
  const toPlugin = pluginOf(to);
  if (fromFolder === "tools" && (to.startsWith("channels/") || to.startsWith("src/channel-kit/")))
    return "tools-import-channel";
  if (fromFolder !== undefined && toPlugin !== undefined) return "core-imports-plugin";
  // A tool reaches the agent (sub-agents, background results) only through a port it defines (delegate-port.ts).
  if (fromFolder === "tools" && coreFolderOf(to) === "agent") return "tools-import-agent";
  if (fromFolder === "bus" && coreFolderOf(to) === "agent") return "bus-imports-agent";
  // Skills are files and their rules; the agent and the channels use them, never the other way round.
  if (fromFolder === "skills" && ["agent", "channel-kit", "daemon"].includes(coreFolderOf(to) ?? ""))
    return "skills-import-agent";
  if (from.startsWith(webChatFolder) && !webChatMayImport(to)) return "web-chat-imports";
  // The dashboard is mounted by the daemon and handed its stores; cluster mode is the daemon's choice.
  if (fromFolder === "dashboard" && ["daemon", "cluster"].includes(coreFolderOf(to) ?? ""))
    return "dashboard-imports-daemon";

  if (fromFolder === "dashboard" && (to === "src/daemon.ts" || to === "src/cli.ts")) return "dashboard-imports-daemon";

  // Routing is a pure function of the config and a message: the runtime uses it, never the other way round.
  if (
    fromFolder === "routing" &&
    !["routing", "config", "util"].includes(coreFolderOf(to) ?? "") &&
    to !== "src/bus/messages.ts"
  )
    return "routing-imports-beyond-contracts";
  const toFolder = coreFolderOf(to) ?? "";
  if (confinementRooms.includes(fromFolder ?? "") && ![fromFolder, "util"].includes(toFolder))
    return "confinement-imports-beyond-util";
  if (confinementRooms.includes(toFolder) && fromFolder !== toFolder && to !== `src/${toFolder}/index.ts`)
    return "confinement-entry-bypassed";
  // Speech is a room of its own: the config's types, the bus's message types and util; reached through its index.ts.
  if (fromFolder === "speech" && !["speech", "config", "util"].includes(toFolder) && to !== "src/bus/messages.ts")
    return "speech-imports-beyond-contracts";
  if (toFolder === "speech" && fromFolder !== "speech" && to !== "src/speech/index.ts") return "speech-entry-bypassed";
  if (fromFolder === "browser" && !browserContracts.includes(toFolder)) return "browser-imports-beyond-contracts";
  if (toFolder === "browser" && fromFolder !== "browser" && to !== "src/browser/index.ts")
    return "browser-entry-bypassed";
  const fromPlugin = pluginOf(from);
  if (fromPlugin !== undefined && to.startsWith("channels/") && pluginOf(to) !== fromPlugin)
    return "plugin-imports-plugin";
  return undefined;
}

/**
 * Cycles between the top-level folders of src/ and channels/ (files directly in src/ count as their own folder,
 * channels/ counts as one): the shortest cycle of each strongly connected component, as a path that ends where it starts.
 */
export function folderCycles(graph: ImportGraph): string[][] {
  const edges = new Map<string, Set<string>>();
  for (const [from, targets] of graph) {
    const source = folderOf(from);
    if (source === undefined) continue;
    for (const to of targets) {
      const target = folderOf(to);
      if (target === undefined || target === source) continue;
      if (!edges.has(source)) edges.set(source, new Set());
      edges.get(source)!.add(target);
    }
  }
  return shortestCycles(edges);
}

/** Cycles between files (`index.ts` -> `check.ts` -> `index.ts`), type-only and dynamic imports included. */
export function fileCycles(graph: ImportGraph): string[][] {
  return shortestCycles(new Map([...graph].map(([from, targets]) => [from, new Set(targets)])));
}

/** The shortest cycle of each strongly connected component of `edges` (a node importing itself is one too). */
function shortestCycles(edges: Map<string, Set<string>>): string[][] {
  const selfLoops = [...edges].filter(([node, targets]) => targets.has(node)).map(([node]) => [node, node]);
  const loops = stronglyConnected(edges)
    .filter((component) => component.length > 1)
    .map((component) =>
      component
        .map((start) => cycleThrough(start, component, edges))
        .reduce((shortest, cycle) => (cycle.length < shortest.length ? cycle : shortest)),
    );
  return [...selfLoops, ...loops];
}

/** Tarjan's strongly connected components of a small graph. */
function stronglyConnected(edges: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    components.push(component.sort());
  };
  for (const node of [...edges.keys()].sort()) if (!index.has(node)) visit(node);
  return components;
}

/** A shortest cycle from `start` through folders of its component, e.g. `["agent", "bus", "agent"]`. */
function cycleThrough(start: string, component: string[], edges: Map<string, Set<string>>): string[] {
  const members = new Set(component);
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const next of [...(edges.get(node) ?? [])].sort()) {
      if (!members.has(next)) continue;
      if (next === start) {
        const path = [start];
        for (let step: string | undefined = node; step !== start && step !== undefined; step = previous.get(step)) {
          path.splice(1, 0, step);
        }
        if (node !== start) return [...path, start];
      }
      if (!previous.has(next) && next !== start) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return [...component, start];
}

/** The files that make the folder edge `from` -> `to` (to say where a cycle comes from). */
export function folderEdgeFiles(graph: ImportGraph, from: string, to: string): string[] {
  return [...graph]
    .filter(([file]) => folderOf(file) === from)
    .flatMap(([file, targets]) =>
      targets.filter((target) => folderOf(target) === to).map((target) => `${file} -> ${target}`),
    );
}

/** A violation as one line for the failure message. */
export function describeViolation(violation: Violation): string {
  return "cycle" in violation
    ? `${violation.rule}: ${violation.cycle.join(" -> ")}`
    : `${violation.rule}: ${violation.from} imports ${violation.to}`;
}
