import { describe, expect, it } from "vitest";
import { globAllowlist, mcpToolName, sanitizeToolName, validToolName } from "../../../src/tools/mcp/tool-names.js";

describe("MCP tool names", () => {
  it("joins server and tool with a double underscore", () => {
    expect(mcpToolName("everything", "get-sum")).toBe("everything__get-sum");
  });

  it("replaces characters the OpenAI API does not accept with underscores", () => {
    expect(mcpToolName("my.server", "read file/v2")).toBe("my_server__read_file_v2");
    expect(mcpToolName("wiki", "sök")).toBe("wiki__s_k");
    expect(sanitizeToolName("")).toBe("_");
  });

  it("shortens a name over 64 characters and keeps it unique with a stable hash suffix", () => {
    const long = mcpToolName("server", "a".repeat(80));
    const other = mcpToolName("server", `${"a".repeat(79)}b`);
    expect(long).toHaveLength(64);
    expect(long).toMatch(validToolName);
    expect(long).toMatch(/^server__a+_[0-9a-f]{8}$/);
    expect(other).not.toBe(long);
    expect(mcpToolName("server", "a".repeat(80))).toBe(long);
  });

  it("leaves a name of exactly 64 valid characters as it is", () => {
    const name = `s__${"t".repeat(61)}`;
    expect(sanitizeToolName(name)).toBe(name);
  });
});

describe("the tools allowlist", () => {
  it("lets everything through when absent", () => {
    expect(globAllowlist(undefined)("anything")).toBe(true);
  });

  it("matches whole names with * and ?", () => {
    const allowed = globAllowlist(["read_*", "get-su?"]);
    expect(allowed("read_text_file")).toBe(true);
    expect(allowed("get-sum")).toBe(true);
    expect(allowed("write_file")).toBe(false);
    expect(allowed("get-summary")).toBe(false);
    expect(allowed("xread_file")).toBe(false);
  });

  it("treats other characters literally", () => {
    expect(globAllowlist(["a.b"])("axb")).toBe(false);
    expect(globAllowlist(["a.b"])("a.b")).toBe(true);
    expect(globAllowlist([])("echo")).toBe(false);
  });
});
