#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);

import { isToolResult, ToolError, toolResult } from "./chunk-6FK2TDNU.js";
import { rejectOnAbort } from "./chunk-TLEM5GPM.js";
var DEFAULT_TIMEOUT_MS = 6e4,
  ajvLoading;
function loadAjv() {
  return (ajvLoading ??= import("ajv").then(({ Ajv }) => new Ajv({ allErrors: !0, strict: !1 }))), ajvLoading;
}
var NO_VALIDATION = Symbol("no validation");
function failure(kind, message, data) {
  return data ? { type: "tool-error", kind, message, data } : { type: "tool-error", kind, message };
}
function deepFreeze(value) {
  if (typeof value == "object" && value !== null) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}
var ToolTimeout = class extends Error {},
  ToolRegistry = class {
    #tools = new Map();
    #validators = new Map();
    #log;
    #approval;
    #approvalRequired;
    #approvals;
    #defaultTimeoutMs;
    #schemas;
    constructor(options) {
      (this.#log = options.log),
        (this.#approval = options.approval ?? "allow"),
        (this.#approvalRequired = new Set(options.approvalRequired ?? [])),
        (this.#approvals = options.approvals),
        (this.#defaultTimeoutMs = options.defaultTimeoutMs ?? DEFAULT_TIMEOUT_MS);
    }
    register(tool) {
      this.#tools.has(tool.name) && this.#log.info({ tool: tool.name }, "tool replaced by a new registration"),
        this.#tools.set(tool.name, tool),
        this.#validators.delete(tool.name),
        (this.#schemas = void 0);
    }
    unregister(name) {
      return this.#validators.delete(name), (this.#schemas = void 0), this.#tools.delete(name);
    }
    get(name) {
      return this.#tools.get(name);
    }
    list() {
      return [...this.#tools.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    }
    schemas() {
      return (
        (this.#schemas ??= this.list().map((tool) => ({
          type: "function",
          function: { name: tool.name, description: tool.description, parameters: tool.parameters },
        }))),
        this.#schemas
      );
    }
    isReadOnly(name) {
      return this.#tools.get(name)?.safety === "read-only";
    }
    async execute(name, rawArguments, ctx) {
      const outcome = await this.#run(name, rawArguments, ctx);
      return (
        outcome.type === "tool-error" &&
          ctx.log.debug({ name, error: `${outcome.kind}: ${outcome.message}` }, "tool execution failed"),
        outcome
      );
    }
    async #run(name, rawArguments, ctx) {
      const tool = this.#tools.get(name);
      if (!tool) return failure("NotFound", `no tool named "${name}"`);
      const args = await this.#parseArguments(tool, rawArguments);
      if (args.type === "tool-error") return args;
      if (this.#approval === "deny" && (tool.safety === "privileged" || this.#needsApproval(tool, args.value))) {
        const what =
          tool.safety === "privileged" ? `"${name}" is a privileged tool` : `this "${name}" call needs approval`;
        return failure("PermissionDenied", `${what} and tools.approval is "deny"`);
      }
      return this.#approval === "ask" && this.#needsApproval(tool, args.value)
        ? this.#runApproved(tool, args.value, ctx)
        : (ctx.log.debug({ name }, "executing tool"), this.#runWithTimeout(tool, args.value, ctx));
    }
    #needsApproval(tool, args) {
      return this.#approvalRequired.has(tool.name)
        ? !0
        : tool.needsApproval
          ? tool.needsApproval(args)
          : tool.safety === "privileged";
    }
    async #runApproved(tool, args, ctx) {
      if (!this.#approvals)
        return failure("PermissionDenied", `"${tool.name}" needs approval and nobody can be asked here`);
      const frozen = deepFreeze(structuredClone(args));
      ctx.log.debug({ name: tool.name }, "asking for approval");
      const state = tool.grantState && (() => tool.grantState(frozen)),
        verdict = await this.#approvals.approve({ tool: tool.name, args: frozen, ctx, ...(state && { state }) });
      if (verdict.type === "denied") return failure("PermissionDenied", verdict.message);
      ctx.log.debug({ name: tool.name }, "executing approved tool");
      try {
        return await this.#runWithTimeout(tool, frozen, Object.freeze({ ...ctx, approved: !0 }));
      } finally {
        await verdict.ran?.().catch((error) => ctx.log.warn({ err: error }, "updating an approval failed"));
      }
    }
    async #parseArguments(tool, raw) {
      let value;
      if (raw.trim() === "") value = {};
      else
        try {
          value = JSON.parse(raw);
        } catch (error) {
          return failure("InvalidArgs", `arguments are not valid JSON (${error.message})`);
        }
      if (typeof value != "object" || value === null || Array.isArray(value))
        return failure("InvalidArgs", "arguments must be a JSON object");
      const validate = this.#validators.get(tool.name) ?? (await this.#compile(tool));
      if (validate !== NO_VALIDATION && !validate(value)) {
        const ajv = await loadAjv();
        return failure("InvalidArgs", ajv.errorsText(validate.errors, { dataVar: "arguments", separator: "; " }));
      }
      return { type: "ok", value };
    }
    async #compile(tool) {
      let ajv = await loadAjv(),
        validate;
      try {
        validate = ajv.compile(tool.parameters);
      } catch (error) {
        this.#log.warn(
          { tool: tool.name, error: error.message },
          "tool schema does not compile; arguments are not validated",
        ),
          (validate = NO_VALIDATION);
      }
      return this.#tools.get(tool.name) === tool && this.#validators.set(tool.name, validate), validate;
    }
    async #runWithTimeout(tool, args, ctx) {
      const timeoutMs = tool.timeoutMs ?? this.#defaultTimeoutMs,
        controller = new AbortController(),
        onCallerAbort = () => controller.abort(ctx.signal.reason);
      if (ctx.signal.aborted) return failure("ExecutionFailed", "the turn was cancelled");
      ctx.signal.addEventListener("abort", onCallerAbort, { once: !0 });
      const timer = setTimeout(() => controller.abort(new ToolTimeout()), timeoutMs);
      try {
        const callContext = Object.freeze({ ...ctx, signal: controller.signal }),
          value = await rejectOnAbort(tool.execute(args, callContext), controller.signal);
        return isToolResult(value) ? value : toolResult(value);
      } catch (error) {
        return error instanceof ToolTimeout
          ? failure("Timeout", `"${tool.name}" did not finish within ${timeoutMs} ms`)
          : controller.signal.aborted && !(error instanceof ToolError)
            ? failure("ExecutionFailed", "the turn was cancelled")
            : error instanceof ToolError
              ? failure(error.kind, error.message, error.data)
              : failure("ExecutionFailed", error instanceof Error ? error.message : String(error));
      } finally {
        clearTimeout(timer), ctx.signal.removeEventListener("abort", onCallerAbort);
      }
    }
  };
export { ToolRegistry };
//# sourceMappingURL=chunk-ZVZ6TUSW.js.map
