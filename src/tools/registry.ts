import type { Ajv, ValidateFunction } from "ajv";
import type { Logger } from "pino";
import { rejectOnAbort } from "../util/settle-within.js";
import type { ApprovalGate } from "./approval-gate.js";
import {
  isToolResult,
  type Tool,
  type ToolContext,
  ToolError,
  type ToolErrorKind,
  type ToolFailure,
  type ToolOutcome,
  type ToolSchema,
  toolResult,
} from "./tool.js";
import type { ToolSink } from "./tool-sink.js";

/** What privileged tool calls may do: run, be refused, or wait for the user's approval. */
export type ApprovalPolicy = "allow" | "deny" | "ask";

export interface ToolRegistryOptions {
  log: Logger;
  /** `tools.approval` (default "allow"). */
  approval?: ApprovalPolicy;
  /** `tools.approval_required`: more tools whose every call needs approval. */
  approvalRequired?: readonly string[];
  /** Who is asked under "ask"; without one, calls that need approval are refused. */
  approvals?: ApprovalGate;
  /** Time limit of a tool without its own `timeoutMs` (default 60 s). */
  defaultTimeoutMs?: number;
}

type AnyTool = Tool<never> | Tool;

const DEFAULT_TIMEOUT_MS = 60_000;
/** Arguments longer than this are parsed in a turn of the event loop of their own. */
const LARGE_ARGUMENTS_CHARS = 64 * 1024;

/** ajv, loaded when the first tool call is validated (it costs start-up time). */
let ajvLoading: Promise<Ajv> | undefined;
function loadAjv(): Promise<Ajv> {
  ajvLoading ??= import("ajv").then(({ Ajv }) => new Ajv({ allErrors: true, strict: false }));
  return ajvLoading;
}
const NO_VALIDATION = Symbol("no validation");

function failure(kind: ToolErrorKind, message: string, data?: Record<string, unknown>): ToolFailure {
  return data ? { type: "tool-error", kind, message, data } : { type: "tool-error", kind, message };
}

/** Freezes a JSON value and everything in it. */
function deepFreeze<Value>(value: Value): Value {
  if (typeof value === "object" && value !== null) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

/** Raised inside the registry when a tool's time limit is reached. */
class ToolTimeout extends Error {}

/**
 * Every tool the model can call. `execute` validates the arguments, applies the
 * approval policy and the time limit, and turns every failure into a {@link ToolFailure}:
 * it never throws, so one bad tool call cannot end a turn.
 */
export class ToolRegistry implements ToolSink {
  readonly #tools = new Map<string, AnyTool>();
  readonly #validators = new Map<string, ValidateFunction | typeof NO_VALIDATION>();
  readonly #log: Logger;
  readonly #approval: ApprovalPolicy;
  readonly #approvalRequired: ReadonlySet<string>;
  readonly #approvals: ApprovalGate | undefined;
  readonly #defaultTimeoutMs: number;
  #schemas: ToolSchema[] | undefined;

  constructor(options: ToolRegistryOptions) {
    this.#log = options.log;
    this.#approval = options.approval ?? "allow";
    this.#approvalRequired = new Set(options.approvalRequired ?? []);
    this.#approvals = options.approvals;
    this.#defaultTimeoutMs = options.defaultTimeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  /** Adds a tool, replacing (and logging) any tool of the same name. */
  register(tool: AnyTool): void {
    if (this.#tools.has(tool.name)) this.#log.info({ tool: tool.name }, "tool replaced by a new registration");
    this.#tools.set(tool.name, tool);
    this.#validators.delete(tool.name);
    this.#schemas = undefined;
  }

  /** Removes a tool; false when there was none of that name. */
  unregister(name: string): boolean {
    this.#validators.delete(name);
    this.#schemas = undefined;
    return this.#tools.delete(name);
  }

  /** The tool of this name, if registered. */
  get(name: string): Tool | undefined {
    return this.#tools.get(name) as Tool | undefined;
  }

  /** Every tool, sorted by name. */
  list(): Tool[] {
    return [...this.#tools.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)) as Tool[];
  }

  /** The tool definitions for the model, sorted by name, in the OpenAI function envelope. */
  schemas(): ToolSchema[] {
    this.#schemas ??= this.list().map((tool) => ({
      type: "function",
      function: { name: tool.name, description: tool.description, parameters: tool.parameters },
    }));
    return this.#schemas;
  }

  /** Whether calls of this tool may run alongside other read-only calls. */
  isReadOnly(name: string): boolean {
    return this.#tools.get(name)?.safety === "read-only";
  }

  /** Runs a tool with the model's raw JSON arguments. Never throws. */
  async execute(name: string, rawArguments: string, ctx: ToolContext): Promise<ToolOutcome> {
    const outcome = await this.#run(name, rawArguments, ctx);
    if (outcome.type === "tool-error") {
      ctx.log.debug({ name, error: `${outcome.kind}: ${outcome.message}` }, "tool execution failed");
    }
    return outcome;
  }

  async #run(name: string, rawArguments: string, ctx: ToolContext): Promise<ToolOutcome> {
    const tool = this.#tools.get(name) as Tool | undefined;
    if (!tool) return failure("NotFound", `no tool named "${name}"`);
    // Parsing and validating megabytes takes milliseconds: in a turn of the event loop of their own, not
    // added to the calls before (refused calls that need no I/O would otherwise all run in one turn).
    if (rawArguments.length > LARGE_ARGUMENTS_CHARS) await new Promise((resolve) => setImmediate(resolve));
    const args = await this.#parseArguments(tool, rawArguments);
    if (args.type === "tool-error") return args;
    if (this.#approval === "deny" && (tool.safety === "privileged" || this.#needsApproval(tool, args.value))) {
      const what =
        tool.safety === "privileged" ? `"${name}" is a privileged tool` : `this "${name}" call needs approval`;
      return failure("PermissionDenied", `${what} and tools.approval is "deny"`);
    }
    if (this.#approval === "ask" && this.#needsApproval(tool, args.value))
      return this.#runApproved(tool, args.value, ctx);
    ctx.log.debug({ name }, "executing tool");
    return this.#runWithTimeout(tool, args.value, ctx);
  }

  /** Whether this call needs approval: a tool in `approval_required`, or the tool's own rule. */
  #needsApproval(tool: Tool, args: Record<string, unknown>): boolean {
    if (this.#approvalRequired.has(tool.name)) return true;
    return tool.needsApproval ? tool.needsApproval(args) : tool.safety === "privileged";
  }

  /** Asks for approval, then runs exactly the call that was approved (its arguments frozen before asking). */
  async #runApproved(tool: Tool, args: Record<string, unknown>, ctx: ToolContext): Promise<ToolOutcome> {
    if (!this.#approvals) {
      return failure("PermissionDenied", `"${tool.name}" needs approval and nobody can be asked here`);
    }
    const frozen = deepFreeze(structuredClone(args));
    ctx.log.debug({ name: tool.name }, "asking for approval");
    const state = tool.grantState && (() => tool.grantState!(frozen));
    const verdict = await this.#approvals.approve({ tool: tool.name, args: frozen, ctx, ...(state && { state }) });
    if (verdict.type === "denied") return failure("PermissionDenied", verdict.message);
    ctx.log.debug({ name: tool.name }, "executing approved tool");
    try {
      return await this.#runWithTimeout(tool, frozen, Object.freeze({ ...ctx, approved: true }));
    } finally {
      await verdict.ran?.().catch((error: unknown) => ctx.log.warn({ err: error }, "updating an approval failed"));
    }
  }

  async #parseArguments(
    tool: Tool,
    raw: string,
  ): Promise<{ type: "ok"; value: Record<string, unknown> } | ToolFailure> {
    let value: unknown;
    if (raw.trim() === "") value = {};
    else {
      try {
        value = JSON.parse(raw);
      } catch (error) {
        return failure("InvalidArgs", `arguments are not valid JSON (${(error as Error).message})`);
      }
    }
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      return failure("InvalidArgs", "arguments must be a JSON object");
    }
    const validate = this.#validators.get(tool.name) ?? (await this.#compile(tool));
    if (validate !== NO_VALIDATION && !validate(value)) {
      const ajv = await loadAjv();
      return failure("InvalidArgs", ajv.errorsText(validate.errors, { dataVar: "arguments", separator: "; " }));
    }
    return { type: "ok", value: value as Record<string, unknown> };
  }

  async #compile(tool: Tool): Promise<ValidateFunction | typeof NO_VALIDATION> {
    const ajv = await loadAjv();
    let validate: ValidateFunction | typeof NO_VALIDATION;
    try {
      validate = ajv.compile(tool.parameters);
    } catch (error) {
      this.#log.warn(
        { tool: tool.name, error: (error as Error).message },
        "tool schema does not compile; arguments are not validated",
      );
      validate = NO_VALIDATION;
    }
    // A registration may have replaced the tool meanwhile; only cache for the current one.
    if (this.#tools.get(tool.name) === tool) this.#validators.set(tool.name, validate);
    return validate;
  }

  async #runWithTimeout(tool: Tool, args: Record<string, unknown>, ctx: ToolContext): Promise<ToolOutcome> {
    const timeoutMs = tool.timeoutMs ?? this.#defaultTimeoutMs;
    const controller = new AbortController();
    const onCallerAbort = () => controller.abort(ctx.signal.reason);
    if (ctx.signal.aborted) return failure("ExecutionFailed", "the turn was cancelled");
    ctx.signal.addEventListener("abort", onCallerAbort, { once: true });
    const timer = setTimeout(() => controller.abort(new ToolTimeout()), timeoutMs);
    try {
      const callContext: ToolContext = Object.freeze({ ...ctx, signal: controller.signal });
      const value = await rejectOnAbort(tool.execute(args, callContext), controller.signal);
      return isToolResult(value) ? value : toolResult(value);
    } catch (error) {
      if (error instanceof ToolTimeout)
        return failure("Timeout", `"${tool.name}" did not finish within ${timeoutMs} ms`);
      if (controller.signal.aborted && !(error instanceof ToolError))
        return failure("ExecutionFailed", "the turn was cancelled");
      if (error instanceof ToolError) return failure(error.kind, error.message, error.data);
      return failure("ExecutionFailed", error instanceof Error ? error.message : String(error));
    } finally {
      clearTimeout(timer);
      ctx.signal.removeEventListener("abort", onCallerAbort);
    }
  }
}
