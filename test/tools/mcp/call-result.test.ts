import { describe, expect, it } from "vitest";
import { toToolResult } from "../../../src/tools/mcp/call-result.js";
import { ToolError } from "../../../src/tools/tool.js";

const png = Buffer.alloc(300, 7).toString("base64");

describe("MCP call results for the model", () => {
  it("joins the text blocks with newlines", () => {
    expect(
      toToolResult({
        content: [
          { type: "text", text: "one" },
          { type: "text", text: "two" },
        ],
      }).forLlm,
    ).toBe("one\ntwo");
  });

  it("summarises images, audio and resources by type, mime type, size and uri, never their base64", () => {
    const result = toToolResult({
      content: [
        { type: "image", data: png, mimeType: "image/png" },
        { type: "audio", data: png, mimeType: "audio/wav" },
        { type: "resource", resource: { uri: "file:///a.bin", mimeType: "application/octet-stream", blob: png } },
        { type: "resource", resource: { uri: "memo://1", mimeType: "text/plain", text: "héllo" } },
        { type: "resource_link", name: "report", uri: "file:///report.pdf", mimeType: "application/pdf" },
      ],
    });
    expect(String(result.forLlm).split("\n")).toEqual([
      "[image: image/png, 300 bytes]",
      "[audio: audio/wav, 300 bytes]",
      "[resource: file:///a.bin, application/octet-stream, 300 bytes]",
      "[resource: memo://1, text/plain, 6 bytes]",
      "[resource link: report, file:///report.pdf, application/pdf]",
    ]);
    expect(String(result.forLlm)).not.toContain(png.slice(0, 20));
  });

  it("passes structuredContent when there is no text", () => {
    expect(toToolResult({ content: [], structuredContent: { temperature: 21 } }).forLlm).toEqual({ temperature: 21 });
  });

  it("says so when a tool returned nothing", () => {
    expect(toToolResult({ content: [] }).forLlm).toMatch(/no content/);
  });

  it("throws an ExecutionFailed tool error carrying the text of an isError result", () => {
    expect(() => toToolResult({ isError: true, content: [{ type: "text", text: "Access denied" }] })).toThrow(
      expect.objectContaining({ kind: "ExecutionFailed", message: "Access denied" }),
    );
    expect(() => toToolResult({ isError: true, content: [] })).toThrow(ToolError);
  });
});
