import { Ajv } from "ajv";
import { afterEach, describe, expect, it } from "vitest";
import { setUpTools } from "./tool-harness.js";

let cleanup: (() => Promise<void>) | undefined;
afterEach(() => cleanup?.());

describe("registerBuiltinTools", () => {
  it("registers every built-in tool with a valid name, a strict schema and its safety tier", async () => {
    const setup = await setUpTools();
    cleanup = setup.cleanup;
    const tiers = Object.fromEntries([...setup.tools.tools.values()].map((tool) => [tool.name, tool.safety]));
    expect(tiers).toEqual({
      read_file: "read-only",
      write_file: "side-effecting",
      edit_file: "side-effecting",
      list_directory: "read-only",
      delete_file: "privileged",
      search_files: "read-only",
      exec_shell: "privileged",
      spawn: "privileged",
      web_fetch: "side-effecting",
      web_search: "read-only",
      memory_read: "read-only",
      memory_write: "side-effecting",
      memory_save: "side-effecting",
      memory_search: "read-only",
      memory_update: "side-effecting",
      memory_delete: "side-effecting",
      message: "side-effecting",
      delegate: "side-effecting",
    });
    const ajv = new Ajv({ strict: true });
    for (const tool of setup.tools.tools.values()) {
      expect(tool.name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
      expect(tool.description.length).toBeGreaterThan(10);
      expect(() => ajv.compile(tool.parameters), tool.name).not.toThrow();
      expect(tool.parameters).toMatchObject({ type: "object", additionalProperties: false });
    }
  });

  it("rejects unknown arguments through the schema", async () => {
    const setup = await setUpTools();
    cleanup = setup.cleanup;
    expect(setup.tools.accepts("read_file", { path: "a", extra: 1 })).toBe(false);
    expect(setup.tools.accepts("read_file", {})).toBe(false);
  });
});
