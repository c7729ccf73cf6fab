import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { delegateTool } from "../../../src/tools/builtin/delegate.js";
import type { DelegatePort, DelegateResult } from "../../../src/tools/delegate-port.js";
import { ToolRegistry } from "../../../src/tools/registry.js";
import { toolContext } from "../../support/tool-context.js";

/** A registry with only `delegate`, its port answering `result` (and recording the requests). */
function withPort(result: DelegateResult | undefined) {
  const registry = new ToolRegistry({ log: pino({ level: "silent" }) });
  registry.register(delegateTool({ timeoutSeconds: 600 }));
  const requests: unknown[] = [];
  const delegation: DelegatePort = {
    delegate: async (request) => {
      requests.push(request);
      return result!;
    },
  };
  const call = (args: Record<string, unknown>) =>
    registry.execute("delegate", JSON.stringify(args), toolContext(result ? { delegation } : {}));
  return { call, requests };
}

describe("the delegate tool", () => {
  it("returns the running child's id at once, and nothing of its answer", async () => {
    const { call, requests } = withPort({ type: "started", id: "sa-0123abcd", label: "stars" });
    const outcome = await call({ task: "count the stars", label: "stars" });
    expect(requests).toEqual([{ task: "count the stars", label: "stars" }]);
    expect(outcome).toMatchObject({
      type: "tool-result",
      forLlm: { id: "sa-0123abcd", label: "stars", status: "running" },
    });
  });

  it("returns a waited child's answer, and its failure as an error result", async () => {
    const finished = await withPort({ type: "ended", id: "sa-1", label: "sum", status: "finished", answer: "4" }).call({
      task: "sum",
      wait: true,
    });
    expect(finished).toMatchObject({ forLlm: { id: "sa-1", status: "finished", answer: "4" } });
    expect(finished).not.toHaveProperty("isError");
    const failed = await withPort({ type: "ended", id: "sa-2", label: "x", status: "timed out", error: "slow" }).call({
      task: "x",
      wait: true,
    });
    expect(failed).toMatchObject({ forLlm: { id: "sa-2", status: "timed out", error: "slow" }, isError: true });
  });

  it("is refused where no sub-agent can run, and takes only its documented arguments", async () => {
    const { call } = withPort(undefined);
    expect(await call({ task: "anything" })).toMatchObject({ type: "tool-error", kind: "PermissionDenied" });
    expect(await call({ task: "" })).toMatchObject({ type: "tool-error", kind: "InvalidArgs" });
    expect(await call({ task: "x", model: "gpt" })).toMatchObject({ type: "tool-error", kind: "InvalidArgs" });
  });
});
