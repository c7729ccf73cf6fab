import { type ChildProcess, spawn } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createConnection } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { RedisSentinelTarget } from "../../src/bus/redis-connection.js";
import { freePort } from "./free-port.js";

/**
 * A Redis primary, its replica and three Sentinels (`redis-server --sentinel`), all real
 * processes on loopback ports: the data nodes with a password, an append-only file fsynced on
 * every write and each other's password as `masterauth` (either can become the other's replica);
 * the Sentinels (no password of their own) declare the primary down after 1 s of silence and
 * fail over with a quorum of two.
 */
export interface SentinelSet {
  /** The name the Sentinels monitor the primary under. */
  readonly master: string;
  readonly password: string;
  /** The two data nodes (the first is the primary at start). */
  readonly nodes: readonly DataNode[];
  /** What `skein start` is given: `SKEIN_REDIS_SENTINELS`, `SKEIN_REDIS_MASTER`, `SKEIN_REDIS_PASSWORD`. */
  readonly env: Record<string, string>;
  /** The same as a connection target for the test's own looks. */
  readonly target: RedisSentinelTarget;
  /** The data node the Sentinels name as primary now. */
  primary(): Promise<DataNode>;
  /** Resolves with the primary once the Sentinels name another than `previous`. */
  failedOverFrom(previous: DataNode, limitMs?: number): Promise<DataNode>;
  /** Resolves once `node` is a replica whose link to its primary is up. */
  replicating(node: DataNode, limitMs?: number): Promise<void>;
  stop(): Promise<void>;
}

/** One data node (a redis-server) of the set. */
export interface DataNode {
  readonly port: number;
  /** SIGKILLs it (it stays down until {@link start}). */
  kill(): Promise<void>;
  /** Starts it again on its data, as the primary it was configured as (the Sentinels make it a replica). */
  start(): Promise<void>;
  /** SIGSTOPs it: sockets stay open, nothing answers. */
  pause(): void;
  resume(): void;
}

const binary = process.env.SKEIN_TEST_REDIS_SERVER ?? "redis-server";

/** Starts the set; resolves once every Sentinel knows the replica. */
export async function startSentinelSet(): Promise<SentinelSet> {
  const dir = await mkdtemp(join(tmpdir(), "skein-sentinel-"));
  const master = "skein-primary";
  const password = "sentinel-test-pass-3f9a";
  const children = new Set<ChildProcess>();
  const run = async (args: string[], port: number, auth?: string) => {
    const child = spawn(binary, args, { stdio: ["ignore", "ignore", "pipe"] });
    children.add(child);
    child.once("exit", () => children.delete(child));
    let stderr = "";
    child.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const deadline = Date.now() + 10_000;
    while (!(await answersPing(port, auth))) {
      if (child.exitCode !== null) throw new Error(`redis-server ${args.join(" ")} exited: ${stderr}`);
      if (Date.now() > deadline) throw new Error(`redis-server on ${port} did not start within 10 s: ${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return child;
  };

  const dataNode = async (index: number, replicaOf?: number): Promise<DataNode> => {
    const port = await freePort();
    const nodeDir = join(dir, `node-${index}`);
    await mkdir(nodeDir, { recursive: true });
    const args = [
      ...["--port", String(port), "--bind", "127.0.0.1", "--dir", nodeDir, "--daemonize", "no"],
      ...["--appendonly", "yes", "--appendfsync", "always", "--save", ""],
      ...["--requirepass", password, "--masterauth", password, "--loglevel", "warning"],
      ...["--repl-diskless-sync", "yes", "--repl-diskless-sync-delay", "0"],
    ];
    let child: ChildProcess | undefined;
    const start = async (replica?: number) => {
      child = await run([...args, ...(replica ? ["--replicaof", "127.0.0.1", String(replica)] : [])], port, password);
    };
    await start(replicaOf);
    return {
      port,
      start: () => start(),
      kill: async () => {
        const running = child;
        child = undefined;
        if (!running || running.exitCode !== null) return;
        const exited = new Promise((resolve) => running.once("exit", resolve));
        running.kill("SIGKILL");
        await exited;
      },
      pause: () => child?.kill("SIGSTOP"),
      resume: () => child?.kill("SIGCONT"),
    };
  };

  try {
    const primary = await dataNode(1);
    const replica = await dataNode(2, primary.port);
    const sentinelPorts: number[] = [];
    for (let index = 1; index <= 3; index++) {
      const port = await freePort();
      const file = join(dir, `sentinel-${index}.conf`);
      await writeFile(
        file,
        [
          `port ${port}`,
          "bind 127.0.0.1",
          `dir ${dir}`,
          `sentinel monitor ${master} 127.0.0.1 ${primary.port} 2`,
          `sentinel auth-pass ${master} ${password}`,
          `sentinel down-after-milliseconds ${master} 1000`,
          `sentinel failover-timeout ${master} 2000`,
          `sentinel parallel-syncs ${master} 1`,
        ].join("\n"),
      );
      await run([file, "--sentinel", "--loglevel", "warning"], port);
      sentinelPorts.push(port);
    }
    const nodes = [primary, replica];
    const ask = (port: number, command: string) => sendCommand(port, command);
    const primaryPort = async () => {
      for (const port of sentinelPorts) {
        const answer = await ask(port, `SENTINEL get-master-addr-by-name ${master}`).catch(() => "");
        const found = /\r\n(\d+)\r\n/.exec(answer.split("$").at(-1) ?? "");
        if (found) return Number(found[1]);
      }
      throw new Error("no Sentinel names a primary");
    };
    const nodeAt = (port: number) => {
      const node = nodes.find((candidate) => candidate.port === port);
      if (!node) throw new Error(`the Sentinels name an unknown primary on port ${port}`);
      return node;
    };
    const until = async (condition: () => Promise<boolean>, what: string, limitMs: number) => {
      const deadline = Date.now() + limitMs;
      while (!(await condition().catch(() => false))) {
        if (Date.now() > deadline) throw new Error(`gave up after ${limitMs} ms waiting until ${what}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    // Each Sentinel learns of the replica from the primary's INFO (every 10 s at most).
    await until(
      async () => {
        for (const port of sentinelPorts) {
          const replicas = await ask(port, `SENTINEL replicas ${master}`);
          if (!replicas.includes(String(replica.port))) return false;
        }
        return true;
      },
      "every Sentinel knows the replica",
      30_000,
    );
    const nodesSetting = sentinelPorts.map((port) => `127.0.0.1:${port}`);
    return {
      master,
      password,
      nodes,
      env: {
        SKEIN_REDIS_SENTINELS: nodesSetting.join(","),
        SKEIN_REDIS_MASTER: master,
        SKEIN_REDIS_PASSWORD: password,
      },
      target: { sentinel: { master, nodes: nodesSetting, password } },
      primary: async () => nodeAt(await primaryPort()),
      async failedOverFrom(previous, limitMs = 30_000) {
        await until(async () => (await primaryPort()) !== previous.port, "the Sentinels fail over", limitMs);
        return nodeAt(await primaryPort());
      },
      async replicating(node, limitMs = 30_000) {
        await until(
          async () => /master_link_status:up/.test(await sendCommand(node.port, "INFO replication", password)),
          `the node on ${node.port} replicates its primary`,
          limitMs,
        );
      },
      async stop() {
        for (const child of children) child.kill("SIGKILL");
        await rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
      },
    };
  } catch (error) {
    for (const child of children) child.kill("SIGKILL");
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}

/** Sends one inline command (after AUTH when `password` is given) and resolves with the raw answer (what came until a pause). */
function sendCommand(port: number, command: string, password?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(port, "127.0.0.1");
    let answer = "";
    let quiet: NodeJS.Timeout | undefined;
    const done = (error?: Error) => {
      clearTimeout(timer);
      clearTimeout(quiet);
      socket.destroy();
      if (error) reject(error);
      else resolve(answer);
    };
    const timer = setTimeout(() => done(new Error(`no answer from ${port} to ${command}`)), 2_000);
    socket.once("error", (error) => done(error));
    socket.once("connect", () => socket.write(`${password ? `AUTH ${password}\r\n` : ""}${command}\r\n`));
    socket.on("data", (data: Buffer) => {
      answer += data.toString("latin1");
      clearTimeout(quiet);
      quiet = setTimeout(() => done(), 30);
    });
  });
}

async function answersPing(port: number, password?: string): Promise<boolean> {
  const answer = await sendCommand(port, "PING", password).catch(() => "");
  return answer.includes("+PONG");
}
