import type { Logger } from "pino";
import type { DeliveryReceipt, OutboundMessage, SendOptions } from "../bus/messages.js";
import type { DelegatePort } from "./delegate-port.js";

/** A JSON Schema object describing a tool's arguments. */
export type JsonSchema = Record<string, unknown>;

/**
 * How dangerous a tool is. Read-only tools of one model response run concurrently;
 * the others run one after another in call order; privileged tools also pass the
 * approval policy (`tools.approval`).
 */
export type ToolSafety = "read-only" | "side-effecting" | "privileged";

/** What a tool hands back. `forLlm` is serialised (and truncated to 64 KB) for the model. */
export interface ToolResult {
  type: "tool-result";
  /** A string or any JSON value; the model sees it as the tool message content. */
  forLlm: unknown;
  /** Shown to the user directly, unless `silent`. */
  forUser?: string;
  silent?: boolean;
  /** The tool ran but reports a failure (e.g. an MCP `isError` result). */
  isError?: boolean;
  /** The work goes on in the background; the tool will call `ctx.reportBack` when it ends. */
  async?: boolean;
  /** Images for the model (a screenshot): its next request carries them as image inputs, as chat images are. */
  images?: ToolImage[];
  /** The most bytes of the tool message, for a tool that cuts its text itself (default `MAX_TOOL_RESULT_BYTES`). */
  maxBytes?: number;
}

/** An image a tool returns, base64-encoded. */
export interface ToolImage {
  mimeType: "image/png" | "image/jpeg" | "image/webp";
  /** Base64. */
  data: string;
}

/** Builds a {@link ToolResult}. */
export function toolResult(forLlm: unknown, extra: Omit<ToolResult, "type" | "forLlm"> = {}): ToolResult {
  return { type: "tool-result", forLlm, ...extra };
}

/** Whether a value a tool returned is a {@link ToolResult} rather than a plain JSON value. */
export function isToolResult(value: unknown): value is ToolResult {
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "tool-result";
}

export type ToolErrorKind =
  | "NotFound"
  | "InvalidArgs"
  | "ExecutionFailed"
  | "PermissionDenied"
  | "FileNotFound"
  | "InvalidPath"
  | "Timeout";

/**
 * A tool failure with one meaning per kind. Tools throw it; the registry turns it
 * into a {@link ToolFailure} for the model, so the loop goes on.
 */
export class ToolError extends Error {
  override readonly name = "ToolError";
  constructor(
    readonly kind: ToolErrorKind,
    message: string,
    /** Extra fields for the model, e.g. the partial output of a command that timed out. */
    readonly data?: Record<string, unknown>,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** The failure the registry reports instead of throwing. */
export interface ToolFailure {
  type: "tool-error";
  kind: ToolErrorKind;
  message: string;
  data?: Record<string, unknown>;
}

/** Everything `ToolRegistry.execute` can return: it never throws. */
export type ToolOutcome = ToolResult | ToolFailure;

const kindPrefix: Record<ToolErrorKind, string> = {
  NotFound: "not found",
  InvalidArgs: "invalid arguments",
  ExecutionFailed: "execution failed",
  PermissionDenied: "permission denied",
  FileNotFound: "file not found",
  InvalidPath: "invalid path",
  Timeout: "timeout",
};

/** The JSON object the model sees for a failure: `{"error": "<kind>: <message>", ...data}`. */
export function failureForLlm(failure: ToolFailure): Record<string, unknown> {
  return { error: `${kindPrefix[failure.kind]}: ${failure.message}`, ...failure.data };
}

/**
 * The way out to chats on the running channels (the `message` tool's port). A message
 * sent here also counts as delivered to that chat for the turn, so the turn's final
 * reply is not sent there twice.
 */
export interface OutboundPort {
  /**
   * Resolves once the channel delivered it; rejects when no such channel runs or delivery finally
   * fails. `options` hears of each part delivered (text chunks, files).
   */
  send(
    message: OutboundMessage,
    options?: Pick<SendOptions, "onChunkDelivered" | "onFileDelivered">,
  ): Promise<DeliveryReceipt | undefined>;
  /** Names of the running channels, sorted. */
  channels(): string[];
}

/**
 * For background work: reports its result into the session that started it, as a new
 * turn, so the agent can tell the user.
 */
export type ReportBack = (result: ToolResult | unknown) => void;

/**
 * What the tool calls of one turn share: the skills loaded so far and the environment they
 * give the turn's commands (exec_shell, spawn).
 */
export interface TurnState {
  /** Names of the skills loaded in this turn (by the `skill` tool or a `/<skill>` command). */
  readonly skills: Set<string>;
  /** Extra environment for this turn's commands: the loaded skills' `skills.entries.<name>.env`. */
  readonly commandEnv: Record<string, string>;
}

/** The immutable per-call context a tool runs in. */
export interface ToolContext {
  readonly channel: string;
  readonly chatId: string;
  readonly threadId?: string;
  readonly senderId: string;
  readonly sessionKey: string;
  /** Aborted on timeout and at shutdown; pass it on to everything that can hang. */
  readonly signal: AbortSignal;
  readonly log: Logger;
  /** Sends messages to chats (see {@link OutboundPort}). */
  readonly outbound: OutboundPort;
  /** For async tools: reports the background work's result (see {@link ReportBack}). */
  readonly reportBack: ReportBack;
  /** The user approved this exact call (`tools.approval: ask`); set by the registry. */
  readonly approved?: boolean;
  /** State shared by the tool calls of this turn (absent outside a turn). */
  readonly turn?: TurnState;
  /**
   * No person wrote the message that started this turn (a scheduled task, an agent-mode
   * webhook): a call that needs approval is asked in the chat and never covered by an earlier
   * "for this conversation" approval.
   */
  readonly unattended?: boolean;
  /**
   * The sender was let in only because their group's chat id is in the channel's `allow_from`
   * (not allowed personally nor paired): the `message` tool and `schedule`'s `deliver_to` may
   * reach only this chat.
   */
  readonly confinedTo?: { readonly channel: string; readonly chatId: string };
  /**
   * The chat whose rights the call has, when it is not the turn's chat: a scheduled job's
   * calls act as the chat that created it (which jobs it sees, which chats it may reach).
   */
  readonly actsAs?: { readonly channel: string; readonly chatId: string };
  /** Hands tasks to sub-agents (the `delegate` tool); absent where none can run. */
  readonly delegation?: DelegatePort;
  /** The call is a sub-agent's (its id and label): approval prompts say so. */
  readonly subagent?: { readonly id: string; readonly label: string };
}

/** A tool the model can call. */
export interface Tool<Args = Record<string, unknown>> {
  /** Unique, `^[a-zA-Z0-9_-]{1,64}$`. */
  readonly name: string;
  readonly description: string;
  /** JSON Schema of the arguments; the registry validates them (ajv) before `execute`. */
  readonly parameters: JsonSchema;
  readonly safety: ToolSafety;
  /** Per-call time limit; the registry's default applies when absent. */
  readonly timeoutMs?: number;
  /**
   * Whether one call needs the user's approval under `tools.approval: ask` (and is refused
   * under `deny`). Default: the privileged tools' calls do, the others' do not.
   */
  readonly needsApproval?: (args: Args) => boolean;
  /**
   * A fingerprint of what a call's effect depends on besides its arguments (e.g. the workspace
   * files a command may run): an approval "for this conversation" holds only while it is the
   * same as after the last approved run. Default: the arguments alone.
   */
  readonly grantState?: (args: Args) => Promise<string>;
  /** Where the tool comes from, for listings: `builtin` (default) or `mcp:<server>`. */
  readonly source?: string;
  /** Runs the tool. Throw a {@link ToolError} for failures; return a {@link ToolResult} or any JSON value. */
  execute(args: Args, ctx: ToolContext): Promise<ToolResult | unknown>;
}

/** A tool in the OpenAI `{"type":"function","function":{...}}` envelope. */
export interface ToolSchema {
  type: "function";
  function: { name: string; description: string; parameters: JsonSchema };
}
