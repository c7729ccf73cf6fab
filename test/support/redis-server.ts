import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createConnection } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "./free-port.js";

/**
 * A real `redis-server` for tests (Debian package `redis-server`; `.ci/run` installs it).
 * It listens on a unix socket in a temp dir (`--port 0` turns TCP off, so there is no port
 * race), with an append-only file fsynced on every write, so a SIGKILL loses nothing
 * that was acknowledged.
 */
export interface RedisServer {
  /** The socket path, which the journal and the lease accept as their `url`. */
  readonly url: string;
  /** `redis://127.0.0.1:<port>` when started with `tcp` (what `bus.redis_url` takes), else `undefined`. */
  readonly tcpUrl: string | undefined;
  readonly version: string;
  /** SIGKILLs the server and starts it again on the same data (what a crash and a restart do). */
  restart(): Promise<void>;
  /** SIGKILLs the server (it stays down until `start()` or `restart()`). */
  kill(): Promise<void>;
  /** SIGSTOPs the server: it keeps its sockets open and answers nothing until {@link resume}. */
  pause(): void;
  /** SIGCONTs a paused server. */
  resume(): void;
  start(): Promise<void>;
  /** Stops the server and removes its directory. */
  stop(): Promise<void>;
}

const binary = process.env.SKEIN_TEST_REDIS_SERVER ?? "redis-server";

function versionOf(path: string): string | undefined {
  const result = spawnSync(path, ["--version"], { encoding: "utf8" });
  if (result.status !== 0) return undefined;
  return /v=(\d+\.\d+\.\d+)/.exec(result.stdout)?.[1];
}

/** The version of `redis-server` on PATH, or `undefined` when it is not installed. */
export const redisServerVersion = versionOf(binary);

/** Why Redis tests are skipped (printed once), or `undefined` when they run. */
export const redisSkipReason =
  redisServerVersion === undefined
    ? `redis-server is not on PATH (apt-get install redis-server): the Redis tests are skipped`
    : undefined;
if (redisSkipReason) console.warn(redisSkipReason);

export interface RedisServerOptions {
  /**
   * Listen on a loopback TCP port too (for `skein start`, whose `bus.redis_url` is a URL): a
   * free port is picked by binding port 0, and another is tried when Redis finds it taken.
   */
  tcp?: boolean;
}

/** Starts a fresh `redis-server` in a temp dir. */
export async function startRedisServer(options: RedisServerOptions = {}): Promise<RedisServer> {
  const dir = await mkdtemp(join(tmpdir(), "skein-redis-"));
  const socket = join(dir, "redis.sock");
  let child: ChildProcess | undefined;
  let port = 0;

  const startOnce = async () => {
    const process_ = spawn(
      binary,
      [
        "--port",
        String(port),
        "--bind",
        "127.0.0.1",
        "--unixsocket",
        socket,
        "--unixsocketperm",
        "700",
        "--dir",
        dir,
        "--appendonly",
        "yes",
        "--appendfsync",
        "always",
        "--save",
        "",
        "--daemonize",
        "no",
        "--loglevel",
        "warning",
      ],
      { stdio: ["ignore", "ignore", "pipe"] },
    );
    child = process_;
    let stderr = "";
    process_.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const deadline = Date.now() + 10_000;
    while (!(await answersPing(socket))) {
      if (process_.exitCode !== null) throw new Error(`redis-server exited: ${stderr}`);
      if (Date.now() > deadline) throw new Error(`redis-server did not start within 10 s: ${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  const start = async () => {
    for (let attempt = 1; ; attempt++) {
      if (options.tcp && port === 0) port = await freePort();
      try {
        return await startOnce();
      } catch (error) {
        // Another process took the port between our probe and Redis binding it: try another.
        if (!options.tcp || attempt >= 5 || !String(error).includes("in use")) throw error;
        port = 0;
      }
    }
  };

  const kill = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once("exit", resolve));
    running.kill("SIGKILL");
    await exited;
  };

  await start();
  return {
    url: socket,
    get tcpUrl() {
      return options.tcp ? `redis://127.0.0.1:${port}` : undefined;
    },
    version: redisServerVersion ?? "unknown",
    start,
    kill,
    pause: () => child?.kill("SIGSTOP"),
    resume: () => child?.kill("SIGCONT"),
    restart: async () => {
      await kill();
      await start();
    },
    stop: async () => {
      await kill();
      // An AOF rewrite that Redis forked may still be writing its temp file for a moment after the kill.
      await rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    },
  };
}

/** Whether a server on `socket` answers PING (and has loaded its data: a loading server answers -LOADING). */
function answersPing(socket: string): Promise<boolean> {
  return new Promise((resolve) => {
    const connection = createConnection(socket);
    const done = (answer: boolean) => {
      connection.destroy();
      resolve(answer);
    };
    connection.once("error", () => done(false));
    connection.once("connect", () => connection.write("PING\r\n"));
    connection.once("data", (data) => done(data.toString().startsWith("+PONG")));
  });
}
