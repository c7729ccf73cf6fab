import { mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { silentLogger } from "../../../src/log.js";
import { connectMcpServers, type McpHub } from "../../../src/tools/mcp/hub.js";
import { ToolError } from "../../../src/tools/tool.js";
import { CONNECT_LIMIT_MS, CollectingSink, serverConfig, serverEntry } from "./helpers.js";

describe("MCP server-filesystem over stdio", () => {
  const sink = new CollectingSink();
  let folder: string;
  let hub: McpHub;

  beforeAll(async () => {
    folder = await realpath(await mkdtemp(join(tmpdir(), "skein-mcp-fs-")));
    await writeFile(join(folder, "notes.txt"), "remember the milk\n");
    hub = await connectMcpServers({
      connectTimeoutMs: CONNECT_LIMIT_MS,
      servers: {
        files: serverConfig({
          command: process.execPath,
          args: [serverEntry("server-filesystem"), folder],
          safety: "read-only",
          tools: ["read_*", "list_directory"],
        }),
      },
      registry: sink,
      log: silentLogger(),
    });
  });

  afterAll(async () => {
    await hub?.close();
    await rm(folder, { recursive: true, force: true });
  });

  it("registers only the allowed tools, with the configured safety", () => {
    const names = [...sink.tools.keys()].sort();
    expect(names).toContain("files__list_directory");
    expect(names).toContain("files__read_text_file");
    expect(names.every((name) => name === "files__list_directory" || name.startsWith("files__read_"))).toBe(true);
    expect(names).not.toContain("files__write_file");
    expect(sink.tools.get("files__list_directory")!.safety).toBe("read-only");
  });

  it("reads a file inside the server's folder", async () => {
    const answer = await sink.call("files__read_text_file", { path: join(folder, "notes.txt") });
    expect(answer).toMatchObject({ forLlm: expect.stringContaining("remember the milk") });
  });

  it("reports the server's refusal of a path outside its folder as a tool error", async () => {
    const outside = sink.call("files__read_text_file", { path: "/etc/hostname" });
    await expect(outside).rejects.toBeInstanceOf(ToolError);
    await expect(outside).rejects.toMatchObject({
      kind: "ExecutionFailed",
      message: expect.stringMatching(/Access denied/),
    });
  });
});
