import { ToolError, type ToolResult, toolResult } from "../tool.js";

/** One content block of an MCP `tools/call` result, as loosely as servers send them. */
interface ContentBlock {
  type: string;
  text?: string;
  data?: string;
  mimeType?: string;
  uri?: string;
  name?: string;
  resource?: { uri?: string; mimeType?: string; text?: string; blob?: string };
}

/** The parts of an MCP `tools/call` result that matter to the model. */
export interface McpCallResult {
  content?: unknown;
  structuredContent?: unknown;
  isError?: boolean;
  /** Pre-2024-11 servers answer with `toolResult` instead of `content`. */
  toolResult?: unknown;
}

function base64Bytes(data: string): number {
  return Buffer.byteLength(data, "base64");
}

function describe(kind: string, details: Array<string | undefined>): string {
  return `[${kind}: ${details.filter(Boolean).join(", ")}]`;
}

/** The model's view of one block: text as is, binary and resources summarised (never their base64). */
function blockText(block: ContentBlock): string {
  switch (block.type) {
    case "text":
      return block.text ?? "";
    case "image":
    case "audio":
      return describe(block.type, [block.mimeType, `${base64Bytes(block.data ?? "")} bytes`]);
    case "resource": {
      const resource = block.resource ?? {};
      const size = resource.text !== undefined ? Buffer.byteLength(resource.text) : base64Bytes(resource.blob ?? "");
      return describe("resource", [resource.uri, resource.mimeType, `${size} bytes`]);
    }
    case "resource_link":
      return describe("resource link", [block.name, block.uri, block.mimeType]);
    default:
      return describe(block.type, [block.mimeType, block.uri]);
  }
}

/**
 * Turns an MCP `tools/call` result into what the model sees: the text blocks joined by
 * newlines (binary and resources summarised), or `structuredContent` when there is no text.
 * An `isError` result throws a {@link ToolError} `ExecutionFailed` carrying the text.
 */
export function toToolResult(result: McpCallResult): ToolResult {
  const blocks = Array.isArray(result.content) ? (result.content as ContentBlock[]) : [];
  const text = blocks
    .map(blockText)
    .filter((part) => part !== "")
    .join("\n");
  if (result.isError === true) {
    throw new ToolError("ExecutionFailed", text || "the MCP server reported an error without a message");
  }
  if (text !== "") return toolResult(text);
  if (result.structuredContent !== undefined) return toolResult(result.structuredContent);
  if (result.toolResult !== undefined) return toolResult(result.toolResult);
  return toolResult("(the tool returned no content)");
}
