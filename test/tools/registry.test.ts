import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { ToolRegistry } from "../../src/tools/registry.js";
import { ToolError, toolResult } from "../../src/tools/tool.js";
import { fakeTool, recordingLogger, toolContext } from "../support/tool-context.js";

const silent = pino({ level: "silent" });
const readFileTool = (calls: unknown[] = []) =>
  fakeTool(
    "read_file",
    async (args) => {
      calls.push(args);
      return { content: `contents of ${String(args.path)}` };
    },
    {
      safety: "read-only",
      parameters: {
        type: "object",
        properties: { path: { type: "string" } },
        required: ["path"],
        additionalProperties: false,
      },
    },
  );

describe("ToolRegistry", () => {
  it("lists schemas sorted by name in the OpenAI function envelope", () => {
    const registry = new ToolRegistry({ log: silent });
    registry.register(fakeTool("zeta", async () => "z"));
    registry.register(readFileTool());
    registry.register(fakeTool("alpha", async () => "a"));
    expect(registry.schemas().map((schema) => schema.function.name)).toEqual(["alpha", "read_file", "zeta"]);
    expect(registry.schemas()[1]).toEqual({
      type: "function",
      function: { name: "read_file", description: "the read_file tool", parameters: readFileTool().parameters },
    });
    expect(registry.list().map((tool) => tool.name)).toEqual(["alpha", "read_file", "zeta"]);
  });

  it("replaces a tool registered under the same name, and says so in the log", async () => {
    const { log, lines } = recordingLogger();
    const registry = new ToolRegistry({ log });
    registry.register(fakeTool("echo", async () => "old"));
    registry.register(fakeTool("echo", async () => "new"));
    expect(await registry.execute("echo", "{}", toolContext())).toEqual(toolResult("new"));
    expect(lines.some((line) => line.msg === "tool replaced by a new registration" && line.tool === "echo")).toBe(true);
    expect(registry.unregister("echo")).toBe(true);
    expect(registry.get("echo")).toBeUndefined();
  });

  it("answers an unknown tool with NotFound", async () => {
    const registry = new ToolRegistry({ log: silent });
    expect(await registry.execute("nope", "{}", toolContext())).toMatchObject({
      type: "tool-error",
      kind: "NotFound",
      message: 'no tool named "nope"',
    });
  });

  it("refuses arguments that are not valid JSON without running the tool", async () => {
    const calls: unknown[] = [];
    const registry = new ToolRegistry({ log: silent });
    registry.register(readFileTool(calls));
    const outcome = await registry.execute("read_file", '{"path": "a.txt"', toolContext());
    expect(outcome).toMatchObject({ type: "tool-error", kind: "InvalidArgs" });
    expect(outcome.type === "tool-error" && outcome.message).toMatch(/not valid JSON/);
    expect(calls).toEqual([]);
  });

  it("refuses arguments that violate the schema, naming the problem, without running the tool", async () => {
    const calls: unknown[] = [];
    const registry = new ToolRegistry({ log: silent });
    registry.register(readFileTool(calls));
    expect(await registry.execute("read_file", "{}", toolContext())).toMatchObject({
      kind: "InvalidArgs",
      message: "arguments must have required property 'path'",
    });
    expect(await registry.execute("read_file", '{"path": 7}', toolContext())).toMatchObject({
      kind: "InvalidArgs",
      message: "arguments/path must be string",
    });
    expect(await registry.execute("read_file", "[1]", toolContext())).toMatchObject({
      kind: "InvalidArgs",
      message: "arguments must be a JSON object",
    });
    expect(calls).toEqual([]);
    expect(await registry.execute("read_file", '{"path": "a.txt"}', toolContext())).toEqual(
      toolResult({ content: "contents of a.txt" }),
    );
    expect(calls).toEqual([{ path: "a.txt" }]);
  });

  it("parses large arguments in a turn of the event loop of their own, small ones at once", async () => {
    const registry = new ToolRegistry({ log: silent });
    registry.register(readFileTool());
    await registry.execute("read_file", '{"path":"warm.txt"}', toolContext());
    for (const [path, turns] of [
      ["a.txt", 0],
      ["a".repeat(100_000), 1],
    ] as const) {
      let turned = 0;
      setImmediate(() => turned++);
      // The tool needs no I/O: without a turn of its own, the whole call runs before any other task.
      await registry.execute("read_file", JSON.stringify({ path }), toolContext());
      expect(turned, `${path.length} characters`).toBe(turns);
      await new Promise((resolve) => setImmediate(resolve));
    }
  });

  it("treats empty arguments as an empty object", async () => {
    const registry = new ToolRegistry({ log: silent });
    registry.register(fakeTool("now", async (args) => ({ args })));
    expect(await registry.execute("now", "", toolContext())).toEqual(toolResult({ args: {} }));
  });

  it("refuses privileged tools when the approval policy is deny, and runs them when it is allow", async () => {
    const shell = fakeTool("exec_shell", async () => "ran", { safety: "privileged" });
    const denying = new ToolRegistry({ log: silent, approval: "deny" });
    denying.register(shell);
    expect(await denying.execute("exec_shell", "{}", toolContext())).toMatchObject({ kind: "PermissionDenied" });
    const allowing = new ToolRegistry({ log: silent, approval: "allow" });
    allowing.register(shell);
    expect(await allowing.execute("exec_shell", "{}", toolContext())).toEqual(toolResult("ran"));
  });

  it("gives up on a tool that exceeds its time limit with Timeout, and aborts its signal", async () => {
    const registry = new ToolRegistry({ log: silent });
    let sawAbort = false;
    registry.register(
      fakeTool(
        "slow",
        (_args, ctx) =>
          new Promise((resolve) => {
            ctx.signal.addEventListener("abort", () => {
              sawAbort = true;
            });
            void resolve; // never settles by itself
          }),
        { timeoutMs: 20 },
      ),
    );
    expect(await registry.execute("slow", "{}", toolContext())).toMatchObject({
      kind: "Timeout",
      message: '"slow" did not finish within 20 ms',
    });
    expect(sawAbort).toBe(true);
  });

  it("applies its default time limit to tools without their own", async () => {
    const registry = new ToolRegistry({ log: silent, defaultTimeoutMs: 10 });
    registry.register(fakeTool("hang", () => new Promise(() => undefined)));
    expect(await registry.execute("hang", "{}", toolContext())).toMatchObject({ kind: "Timeout" });
  });

  it("reports a cancelled turn without waiting for the tool", async () => {
    const registry = new ToolRegistry({ log: silent });
    registry.register(fakeTool("hang", () => new Promise(() => undefined)));
    const controller = new AbortController();
    const pending = registry.execute("hang", "{}", toolContext({ signal: controller.signal }));
    controller.abort();
    expect(await pending).toMatchObject({ kind: "ExecutionFailed", message: "the turn was cancelled" });
  });

  it("turns a thrown ToolError into a failure of its kind, keeping its data", async () => {
    const registry = new ToolRegistry({ log: silent });
    registry.register(
      fakeTool("exec", async () => {
        throw new ToolError("PermissionDenied", "command is on the denylist", { command: "sudo ls" });
      }),
    );
    expect(await registry.execute("exec", "{}", toolContext())).toEqual({
      type: "tool-error",
      kind: "PermissionDenied",
      message: "command is on the denylist",
      data: { command: "sudo ls" },
    });
  });

  it("turns any other throw into ExecutionFailed", async () => {
    const registry = new ToolRegistry({ log: silent });
    registry.register(
      fakeTool("broken", async () => {
        throw new TypeError("cannot read properties of undefined");
      }),
    );
    expect(await registry.execute("broken", "{}", toolContext())).toMatchObject({
      kind: "ExecutionFailed",
      message: "cannot read properties of undefined",
    });
  });

  it("passes ToolResults through and wraps plain values", async () => {
    const registry = new ToolRegistry({ log: silent });
    registry.register(fakeTool("rich", async () => toolResult("for the model", { forUser: "for you", silent: false })));
    registry.register(fakeTool("plain", async () => [1, 2, 3]));
    expect(await registry.execute("rich", "{}", toolContext())).toEqual(
      toolResult("for the model", { forUser: "for you", silent: false }),
    );
    expect(await registry.execute("plain", "{}", toolContext())).toEqual(toolResult([1, 2, 3]));
  });

  it("still runs a tool whose schema does not compile, with a warning", async () => {
    const { log, lines } = recordingLogger();
    const registry = new ToolRegistry({ log });
    registry.register(
      fakeTool("odd", async () => "ok", { parameters: { type: "object", properties: { a: { $ref: "#/nowhere" } } } }),
    );
    expect(await registry.execute("odd", '{"a": 1}', toolContext())).toEqual(toolResult("ok"));
    expect(lines.some((line) => line.msg === "tool schema does not compile; arguments are not validated")).toBe(true);
  });

  it("logs 'executing tool' and 'tool execution failed' at debug level", async () => {
    const { log, lines } = recordingLogger();
    const registry = new ToolRegistry({ log: silent });
    registry.register(
      fakeTool("fails", async () => {
        throw new Error("boom");
      }),
    );
    await registry.execute("fails", "{}", toolContext({ log }));
    expect(lines).toContainEqual(expect.objectContaining({ level: 20, msg: "executing tool", name: "fails" }));
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 20,
        msg: "tool execution failed",
        name: "fails",
        error: "ExecutionFailed: boom",
      }),
    );
  });
});
