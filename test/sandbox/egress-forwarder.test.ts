import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bwrapArguments } from "../../src/sandbox/bwrap-arguments.js";
import { bwrapWorks as bwrapWorksHere } from "../support/bwrap-works.js";

const bwrapWorks = bwrapWorksHere();

/**
 * Under "public" the forwarder is the sandbox's first process: it sets the limits, runs the
 * command, carries connections to the egress proxy's socket and ends with the command's status.
 * It uses pidfd_open and setrlimit where it knows their numbers, and does without them elsewhere
 * (Linux before 5.3, machines other than x86-64 and arm64).
 */
describe.skipIf(!bwrapWorks)("the forwarder in front of a public sandbox's command", () => {
  let directory: string;
  let proxy: Server;
  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), "skein-forwarder-"));
    // Stands in for the egress proxy: answers every connection with one line.
    proxy = createServer((socket) => socket.end("through the proxy\n"));
    await new Promise<void>((resolve) => proxy.listen(join(directory, "egress.sock"), resolve));
  });
  afterAll(async () => {
    await new Promise((resolve) => proxy.close(resolve));
    await rm(directory, { recursive: true, force: true });
  });

  const run = (syscalls: { setrlimit: number; pidfdOpen: number } | undefined, command: string) => {
    const call = {
      workspace: directory,
      network: "public" as const,
      limits: { processes: 48, memoryMb: 300 },
      egressSocket: join(directory, "egress.sock"),
      ...(syscalls ? { syscalls } : {}),
    };
    return new Promise<{ code: number; stdout: string }>((resolve) => {
      execFile("bwrap", bwrapArguments(call, "sh", ["-c", command]), { timeout: 10_000 }, (error, stdout) =>
        resolve({ code: error ? Number(error.code) : 0, stdout }),
      );
    });
  };

  for (const [machine, syscalls] of [
    ["with pidfd_open and setrlimit", undefined],
    ["without them", { setrlimit: 0, pidfdOpen: 0 }],
  ] as const) {
    it(`sets the limits, carries a connection, reaps orphans and ends with the command's status, ${machine}`, async () => {
      const command = [
        "awk '/^Max (data size|processes)/ { print $(NF - 2), $(NF - 1) }' /proc/self/limits",
        'python3 -c \'import socket; print(socket.create_connection(("127.0.0.1", 3128)).makefile().readline(), end="")\'',
        // Orphans (their parent, a subshell, is gone) are reaped by the first process, not left as zombies.
        "for i in 1 2 3 4 5; do (sleep 0.05 &); done; sleep 0.3; ps -e -o stat= | grep -c Z",
        "exit 3",
      ].join("; ");
      expect(await run(syscalls, command)).toEqual({
        code: 3,
        stdout: "314572800 314572800\n48 48\nthrough the proxy\n0\n",
      });
      expect(await run(syscalls, "kill -9 $$")).toMatchObject({ code: 128 + 9 });
    });
  }
});
