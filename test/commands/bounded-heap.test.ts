import { describe, expect, it } from "vitest";
import { boundHeap } from "../../src/commands/bounded-heap.js";

function recordingExecve() {
  const calls: string[][] = [];
  return { calls, execve: (_file: string, args: string[]) => void calls.push(args) };
}

describe("the daemon's heap bounds", () => {
  it("restarts the process once with small semi-spaces, keeping its flags and arguments", () => {
    const { calls, execve } = recordingExecve();
    boundHeap({ environment: {}, execArgv: ["--enable-source-maps"], execve });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.slice(1, 3)).toEqual(["--max-semi-space-size=8", "--enable-source-maps"]);
    expect(calls[0]!.slice(3)).toEqual(process.argv.slice(1));
  });

  it("leaves the young generation as the user sized it, on the command line or in NODE_OPTIONS", () => {
    const { calls, execve } = recordingExecve();
    boundHeap({ environment: {}, execArgv: ["--max_semi_space_size=32"], execve });
    boundHeap({ environment: { NODE_OPTIONS: "--max-heap-size=512" }, execArgv: [], execve });
    expect(calls).toEqual([]);
  });
});
