import { describe, expect, it } from "vitest";
import { boundHeap } from "../../src/commands/bounded-heap.js";

function recordingExecve() {
  const calls: string[][] = [];
  return { calls, execve: (_file: string, args: string[]) => void calls.push(args) };
}

describe("the daemon's heap bounds", () => {
  it("restarts the process once with small semi-spaces and one V8 helper thread, keeping its flags and arguments", () => {
    const { calls, execve } = recordingExecve();
    boundHeap({ environment: {}, execArgv: ["--enable-source-maps"], execve });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.slice(1, 4)).toEqual(["--max-semi-space-size=8", "--v8-pool-size=1", "--enable-source-maps"]);
    expect(calls[0]!.slice(4)).toEqual(process.argv.slice(1));
  });

  it("keeps the V8 pool size the user chose", () => {
    const { calls, execve } = recordingExecve();
    boundHeap({ environment: { NODE_OPTIONS: "--v8-pool-size=4" }, execArgv: [], execve });
    expect(calls[0]!.slice(1, 2)).toEqual(["--max-semi-space-size=8"]);
    expect(calls[0]!.slice(2)).toEqual(process.argv.slice(1));
  });

  it("leaves the young generation as the user sized it, on the command line or in NODE_OPTIONS", () => {
    const { calls, execve } = recordingExecve();
    boundHeap({ environment: {}, execArgv: ["--max_semi_space_size=32"], execve });
    boundHeap({ environment: { NODE_OPTIONS: "--max-heap-size=512" }, execArgv: [], execve });
    expect(calls).toEqual([]);
  });
});
