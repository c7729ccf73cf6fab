import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { buildImportGraph, describeViolation, findViolations, type ImportGraph } from "./import-graph.js";

const root = fileURLToPath(new URL("../..", import.meta.url));

/**
 * Imports that break a rule today and are being removed. Delete each line as it goes; the test fails
 * while one is left over.
 */
const pendingViolations: string[] = [];

function graphOf(edges: Record<string, string[]>): ImportGraph {
  return new Map(Object.entries(edges));
}

function violationsOf(edges: Record<string, string[]>): string[] {
  return findViolations(graphOf(edges)).map(describeViolation);
}

describe("import boundaries of src/ and channels/", () => {
  it("holds for the code as it is (apart from the imports being removed)", () => {
    const graph = buildImportGraph(root);
    const found = findViolations(graph).map(describeViolation).sort();

    expect(graph.size).toBeGreaterThan(50);
    expect(found.filter((line) => !pendingViolations.includes(line))).toEqual([]);
    expect(
      pendingViolations.filter((line) => !found.includes(line)),
      "fixed: remove from pendingViolations",
    ).toEqual([]);
  });

  it("sees static, type-only and dynamic relative imports", () => {
    const graph = buildImportGraph(root);

    expect(graph.get("src/cli.ts")).toContain("src/commands/start.ts");
    expect(graph.get("src/commands/start.ts")).toContain("src/daemon.ts");
    expect(graph.get("src/channel-kit/channel-supervisor.ts")).toContain("src/bus/message-bus.ts");
    expect(graph.get("ui/app.ts")).toContain("ui/pages/chat.ts");
  });
});

describe("the boundary rules", () => {
  it("keep the sandbox and the command guard free of tools, reached only through their entry points", () => {
    expect(
      violationsOf({
        "src/tools/builtin/exec-shell.ts": ["src/sandbox/index.ts", "src/command-guard/index.ts", "src/tools/tool.ts"],
        "src/sandbox/index.ts": ["src/sandbox/sandbox.ts"],
        "src/sandbox/sandbox.ts": ["src/sandbox/bwrap-arguments.ts", "src/util/ssrf-guard.ts"],
        "src/command-guard/shell-guard.ts": ["src/command-guard/shell-parse.ts", "src/util/glob.ts"],
      }),
    ).toEqual([]);
    expect(
      violationsOf({
        "src/sandbox/sandboxed-run.ts": ["src/tools/tool.ts"],
        "src/command-guard/command-policy.ts": ["src/tools/tool.ts", "src/sandbox/index.ts"],
        "src/tools/builtin/spawn.ts": ["src/sandbox/process-runner.ts", "src/command-guard/command-policy.ts"],
        "src/skills/configured-skills.ts": ["src/sandbox/safe-env.ts"],
      }),
    ).toEqual([
      "confinement-imports-beyond-util: src/sandbox/sandboxed-run.ts imports src/tools/tool.ts",
      "confinement-imports-beyond-util: src/command-guard/command-policy.ts imports src/tools/tool.ts",
      "confinement-imports-beyond-util: src/command-guard/command-policy.ts imports src/sandbox/index.ts",
      "confinement-entry-bypassed: src/tools/builtin/spawn.ts imports src/sandbox/process-runner.ts",
      "confinement-entry-bypassed: src/tools/builtin/spawn.ts imports src/command-guard/command-policy.ts",
      "confinement-entry-bypassed: src/skills/configured-skills.ts imports src/sandbox/safe-env.ts",
      "folder-cycle: command-guard -> tools -> command-guard",
    ]);
  });

  it("keep the browser room off the tools, the agent and the channels, reaching the sandbox and reached only through entry points", () => {
    expect(
      violationsOf({
        "src/tools/builtin/browser.ts": ["src/browser/index.ts", "src/tools/tool.ts"],
        "src/browser/index.ts": ["src/browser/browser-pool.ts"],
        "src/browser/browser-pool.ts": ["src/sandbox/index.ts", "src/util/ssrf-guard.ts", "src/config/schema.ts"],
      }),
    ).toEqual([]);
    expect(
      violationsOf({
        "src/browser/browser-session.ts": ["src/tools/tool.ts", "src/agent/turn/turn.ts", "src/sandbox/sandbox.ts"],
        "src/browser/browser-pool.ts": ["src/channel-kit/channel.ts", "src/daemon/shutdown.ts"],
        "src/tools/builtin/browser.ts": ["src/browser/browser-pool.ts"],
        "src/dashboard/api/browser-routes.ts": ["src/browser/browser-session.ts"],
      }),
    ).toEqual([
      "browser-imports-beyond-contracts: src/browser/browser-session.ts imports src/tools/tool.ts",
      "browser-imports-beyond-contracts: src/browser/browser-session.ts imports src/agent/turn/turn.ts",
      "confinement-entry-bypassed: src/browser/browser-session.ts imports src/sandbox/sandbox.ts",
      "browser-imports-beyond-contracts: src/browser/browser-pool.ts imports src/channel-kit/channel.ts",
      "browser-imports-beyond-contracts: src/browser/browser-pool.ts imports src/daemon/shutdown.ts",
      "browser-entry-bypassed: src/tools/builtin/browser.ts imports src/browser/browser-pool.ts",
      "browser-entry-bypassed: src/dashboard/api/browser-routes.ts imports src/browser/browser-session.ts",
      "folder-cycle: browser -> tools -> browser",
    ]);
  });

  it("keep speech on the config, the bus's message types and util, reached only through its index.ts", () => {
    expect(
      violationsOf({
        "src/agent/turn/spoken-reply.ts": ["src/speech/index.ts", "src/bus/journal.ts"],
        "src/speech/index.ts": ["src/speech/spoken-text.ts", "src/bus/messages.ts", "src/config/speech-schema.ts"],
        "src/speech/speech-request.ts": ["src/util/http-fetch.ts"],
      }),
    ).toEqual([]);
    expect(
      violationsOf({
        "src/speech/index.ts": ["src/usage/usage-ledger.ts", "src/bus/message-bus.ts"],
        "src/agent/turn/spoken-reply.ts": ["src/speech/speech-request.ts"],
      }),
    ).toEqual([
      "speech-imports-beyond-contracts: src/speech/index.ts imports src/usage/usage-ledger.ts",
      "speech-imports-beyond-contracts: src/speech/index.ts imports src/bus/message-bus.ts",
      "speech-entry-bypassed: src/agent/turn/spoken-reply.ts imports src/speech/speech-request.ts",
    ]);
  });

  it("let the core reach the plugins through the catalog, and plugins use the core's contracts", () => {
    expect(
      violationsOf({
        "src/daemon.ts": ["channels/catalog.ts", "src/channel-kit/channel.ts"],
        "channels/catalog.ts": ["channels/slack/index.ts", "channels/telegram/index.ts"],
        "channels/slack/index.ts": [
          "channels/slack/slack-channel.ts",
          "src/channel-kit/channel.ts",
          "src/util/retry.ts",
        ],
        "src/agent/agent-loop.ts": ["src/bus/message-bus.ts", "src/tools/registry.ts"],
        "src/tools/registry.ts": ["src/util/settle-within.ts"],
      }),
    ).toEqual([]);
  });

  it("fail when the core imports a concrete plugin other than through the catalog", () => {
    expect(violationsOf({ "src/health/doctor.ts": ["channels/slack/check.ts"] })).toEqual([
      "core-imports-plugin: src/health/doctor.ts imports channels/slack/check.ts",
    ]);
  });

  it("fail when a tool imports a channel plugin or the channel framework", () => {
    expect(
      violationsOf({ "src/tools/builtin/message.ts": ["channels/slack/outbound.ts", "src/channel-kit/channel.ts"] }),
    ).toEqual([
      "tools-import-channel: src/tools/builtin/message.ts imports channels/slack/outbound.ts",
      "tools-import-channel: src/tools/builtin/message.ts imports src/channel-kit/channel.ts",
    ]);
  });

  it("fail when a tool imports the agent instead of defining a port the agent implements", () => {
    expect(
      violationsOf({
        "src/tools/builtin/delegate.ts": ["src/tools/delegate-port.ts", "src/agent/subagents/subagents.ts"],
        "src/agent/subagents/subagents.ts": ["src/tools/delegate-port.ts"],
      }),
    ).toEqual([
      "tools-import-agent: src/tools/builtin/delegate.ts imports src/agent/subagents/subagents.ts",
      "folder-cycle: agent -> tools -> agent",
    ]);
  });

  it("fail when the dashboard imports the daemon or the cluster", () => {
    expect(
      violationsOf({ "src/dashboard/dashboard-server.ts": ["src/cluster/open-cluster.ts", "src/util/host-check.ts"] }),
    ).toEqual(["dashboard-imports-daemon: src/dashboard/dashboard-server.ts imports src/cluster/open-cluster.ts"]);
  });

  it("fail when the skills import the agent, the channel framework or the daemon", () => {
    expect(violationsOf({ "src/skills/skill-tool.ts": ["src/agent/turn/turn.ts", "src/tools/tool.ts"] })).toEqual([
      "skills-import-agent: src/skills/skill-tool.ts imports src/agent/turn/turn.ts",
    ]);
  });

  it("fail when the web chat reaches past the core's contracts (the agent, tools, daemon)", () => {
    expect(
      violationsOf({
        "src/dashboard/web-chat/web-channel.ts": [
          "src/bus/message-bus.ts",
          "src/channel-kit/channel.ts",
          "src/dashboard/web-chat/chat-events.ts",
          "src/agent/context/attachments.ts",
        ],
        "src/dashboard/web-chat/chat-routes.ts": ["src/dashboard/session-transcript.ts", "src/tools/registry.ts"],
      }),
    ).toEqual([
      "web-chat-imports: src/dashboard/web-chat/web-channel.ts imports src/agent/context/attachments.ts",
      "web-chat-imports: src/dashboard/web-chat/chat-routes.ts imports src/tools/registry.ts",
    ]);
  });

  it("fail when the browser UI and the daemon import each other", () => {
    expect(
      violationsOf({
        "ui/pages/config.ts": ["src/config/schema.ts", "ui/hooks.ts"],
        "src/dashboard/server.ts": ["ui/api.ts"],
      }),
    ).toEqual([
      "ui-crosses-daemon: ui/pages/config.ts imports src/config/schema.ts",
      "ui-crosses-daemon: src/dashboard/server.ts imports ui/api.ts",
    ]);
  });

  it("fail when routing imports more than the config, the bus's message types and util", () => {
    expect(
      violationsOf({
        "src/routing/router.ts": [
          "src/config/schema.ts",
          "src/bus/messages.ts",
          "src/util/x.ts",
          "src/bus/message-bus.ts",
        ],
        "src/routing/agent-spec.ts": ["src/agent/turn/turn.ts", "src/routing/router.ts"],
      }),
    ).toEqual([
      "routing-imports-beyond-contracts: src/routing/router.ts imports src/bus/message-bus.ts",
      "routing-imports-beyond-contracts: src/routing/agent-spec.ts imports src/agent/turn/turn.ts",
    ]);
  });

  it("fail when the bus imports the agent", () => {
    expect(violationsOf({ "src/bus/message-bus.ts": ["src/agent/turn/turn.ts"] })).toEqual([
      "bus-imports-agent: src/bus/message-bus.ts imports src/agent/turn/turn.ts",
    ]);
  });

  it("fail when a plugin imports another plugin (or the catalog)", () => {
    expect(
      violationsOf({
        "channels/discord/format.ts": ["channels/slack/format.ts", "channels/catalog.ts", "channels/discord/errors.ts"],
      }),
    ).toEqual([
      "plugin-imports-plugin: channels/discord/format.ts imports channels/slack/format.ts",
      "plugin-imports-plugin: channels/discord/format.ts imports channels/catalog.ts",
    ]);
  });

  it("fail when top-level folders of src/ form a cycle, and name its path", () => {
    expect(
      violationsOf({
        "src/access/pairing-store.ts": ["src/gates/gate.ts"],
        "src/gates/access-gate.ts": ["src/health/status-view.ts"],
        "src/health/daemon-status.ts": ["src/access/allow-list.ts"],
        "src/util/retry.ts": ["src/util/sleep.ts"],
      }),
    ).toEqual(["folder-cycle: access -> gates -> health -> access"]);
  });

  it("fail when the channel framework reaches the plugins that build on it", () => {
    expect(
      violationsOf({
        "src/channel-kit/loader.ts": ["channels/catalog.ts"],
        "channels/catalog.ts": ["channels/slack/index.ts"],
        "channels/slack/index.ts": ["src/channel-kit/channel-descriptor.ts"],
      }),
    ).toEqual(["folder-cycle: channel-kit -> channels -> channel-kit"]);
  });

  it("fail when files import each other, type-only imports included, and name the path", () => {
    expect(
      violationsOf({
        "channels/slack/index.ts": ["channels/slack/check.ts", "channels/slack/settings.ts"],
        "channels/slack/check.ts": ["channels/slack/index.ts"],
        "channels/slack/settings.ts": [],
        "src/util/retry.ts": ["src/util/retry.ts"],
      }),
    ).toEqual([
      "file-cycle: src/util/retry.ts -> src/util/retry.ts",
      "file-cycle: channels/slack/check.ts -> channels/slack/index.ts -> channels/slack/check.ts",
    ]);
  });
});
