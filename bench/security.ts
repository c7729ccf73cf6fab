/**
 * Security parts of `npm run bench`: the event loop's worst delay while hostile inputs are
 * processed (a nested-div page, FIFOs), and what the bubblewrap sandbox adds to a command.
 * The same under a loaded machine, through the built daemon, with hostile tool calls streaming
 * in from the model: `npm run bench -- --load` (bench/hostile-load.ts).
 */
import { execFileSync } from "node:child_process";
import { mkdir } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { pino } from "pino";
import { configSchema } from "../src/config/schema.js";
import { resolveSandbox, type SandboxNetwork } from "../src/sandbox/sandbox.js";
import { registerBuiltinTools } from "../src/tools/builtin/index.js";
import type { Tool, ToolContext } from "../src/tools/tool.js";
import { target } from "./targets.js";

const log = pino({ level: "silent" });

function toolsFor(
  home: string,
  workspace: string,
  sandbox: "auto" | "none",
  network: SandboxNetwork = "public",
): Map<string, Tool> {
  const tools = new Map<string, Tool>();
  const config = configSchema.parse({ tools: { exec: { sandbox, network }, web_fetch: { allow_private: true } } });
  registerBuiltinTools(
    { register: (tool) => void tools.set(tool.name, tool as Tool), unregister: (name) => tools.delete(name) },
    { config, workspace, home, log, env: { PATH: process.env.PATH } },
  );
  return tools;
}

const context = (): ToolContext => ({
  channel: "bench",
  chatId: "1",
  senderId: "1",
  sessionKey: "bench:1",
  signal: new AbortController().signal,
  log,
  outbound: { send: async () => undefined, channels: () => [] },
  reportBack: () => undefined,
});

/** The event loop's worst delay (ms) while web_fetch converts nested-div pages and read_file meets FIFOs. */
export async function eventLoopDelayUnderHostileInput(
  home: string,
): Promise<{ maxMs: number; p99Ms: number; wallMs: number }> {
  const workspace = join(home, "loop-workspace");
  await mkdir(workspace, { recursive: true });
  const tools = toolsFor(home, workspace, "none");
  const server = createServer((request, response) => {
    // 1 MB (plain text), 300 KB (the worker, to its time budget), and a small page for the warm-up.
    const divs = request.url === "/big" ? 200_000 : request.url === "/medium" ? 60_000 : 10;
    response.writeHead(200, { "content-type": "text/html" }).end(`${"<div>".repeat(divs)}bottom`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  for (let fifo = 0; fifo < 5; fifo++) execFileSync("mkfifo", [join(workspace, `fifo-${fifo}`)]);
  // Modules load on first use (undici, execa, the shell parser): that one-time cost is not what is measured.
  await tools.get("web_fetch")!.execute({ url: `${base}/small` }, context());
  await tools.get("exec_shell")!.execute({ command: "true" }, context());
  const delay = monitorEventLoopDelay({ resolution: 5 });
  const started = performance.now();
  delay.enable();
  try {
    await Promise.all([
      tools.get("web_fetch")!.execute({ url: `${base}/big` }, context()),
      tools.get("web_fetch")!.execute({ url: `${base}/medium` }, context()),
      ...[0, 1, 2, 3, 4].map((fifo) =>
        tools
          .get("read_file")!
          .execute({ path: `fifo-${fifo}` }, context())
          .catch(() => undefined),
      ),
      tools.get("exec_shell")!.execute({ command: "true" }, context()),
    ]);
  } finally {
    delay.disable();
    await new Promise((resolve) => server.close(resolve));
  }
  return { maxMs: delay.max / 1e6, p99Ms: delay.percentile(99) / 1e6, wallMs: performance.now() - started };
}

/** The median wall time (ms) of `exec_shell true` without the sandbox, and in bubblewrap per `tools.exec.network`. */
export interface SandboxOverhead {
  withoutMs: number;
  /** Absent when bubblewrap cannot run here. */
  withMs?: Record<SandboxNetwork, number>;
}

/**
 * `exec_shell true` without the sandbox and in each network mode, `runs` times each, the
 * variants interleaved so a change of load on the machine touches them alike.
 */
export async function sandboxOverhead(home: string, runs = 30): Promise<SandboxOverhead> {
  const workspace = join(home, "exec-workspace");
  await mkdir(workspace, { recursive: true });
  const sandbox = await resolveSandbox({ mode: "bwrap", workspace });
  const networks: SandboxNetwork[] = sandbox.type === "bwrap" ? ["none", "public", "full"] : [];
  const variants = new Map<string, Tool>([["without", toolsFor(home, workspace, "none").get("exec_shell")!]]);
  for (const network of networks) variants.set(network, toolsFor(home, workspace, "auto", network).get("exec_shell")!);
  const times = new Map<string, number[]>([...variants.keys()].map((name) => [name, []]));
  // Warm-up: execa loaded, the sandbox probed, the egress proxy listening.
  for (const tool of variants.values()) await tool.execute({ command: "true" }, context());
  for (let run = 0; run < runs; run++) {
    for (const [name, tool] of variants) {
      const started = performance.now();
      await tool.execute({ command: "true" }, context());
      times.get(name)!.push(performance.now() - started);
    }
  }
  const median = (name: string) => times.get(name)!.sort((a, b) => a - b)[Math.floor(runs / 2)]!;
  if (networks.length === 0) return { withoutMs: median("without") };
  return {
    withoutMs: median("without"),
    withMs: { none: median("none"), public: median("public"), full: median("full") },
  };
}

/** Prints {@link sandboxOverhead}: each network mode's median and what it adds to the unsandboxed one. */
export async function reportSandboxOverhead(home: string, runs = 30): Promise<void> {
  const exec = await sandboxOverhead(home, runs);
  console.log(
    `exec_shell \`true\`:         median without sandbox ${exec.withoutMs.toFixed(1)} ms (n=${runs}, interleaved)`,
  );
  if (exec.withMs === undefined) console.log("  in bubblewrap:           bubblewrap cannot run here");
  for (const [network, withMs] of Object.entries(exec.withMs ?? {})) {
    const added = `+${(withMs - exec.withoutMs).toFixed(1)} ms`;
    const checked =
      network === "public"
        ? `   ${target('bubblewrap, network "public" (the default)', withMs - exec.withoutMs, "<=", 30, "ms", "added")}`
        : "";
    console.log(`  bubblewrap, network ${`"${network}"`.padEnd(8)} ${withMs.toFixed(1)} ms, ${added}${checked}`);
  }
}
