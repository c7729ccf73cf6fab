import { describe, expect, it } from "vitest";
import { configSchema, type SkeinConfigInput } from "../../src/config/schema.js";
import { createRouter, type RoutableMessage } from "../../src/routing/router.js";
import { toolAllowed } from "../../src/routing/tool-allowed.js";

const agents = { list: [{ id: "personal" }, { id: "work" }, { id: "family" }, { id: "coding" }, { id: "boss" }] };
const routerOf = (bindings: SkeinConfigInput["bindings"], agentsInput: SkeinConfigInput["agents"] = agents) =>
  createRouter(configSchema.parse({ agents: agentsInput, bindings }));
const message = (fields: Partial<RoutableMessage>): RoutableMessage => ({
  channel: "telegram",
  chatId: "1",
  senderId: "u1",
  ...fields,
});

describe("routing a message to its agent", () => {
  const router = routerOf([
    { agent: "work", match: { channel: "slack", team_id: "T012" } },
    { agent: "family", match: { guild_id: "G9" } },
    { agent: "coding", match: { channel: "slack", chat_id: "C-code" } },
    { agent: "boss", match: { sender: "U-boss" } },
    { agent: "personal", match: { channel: "telegram" } },
    { agent: "coding", match: { channel: "telegram", chat_id: "-100", thread: "7" } },
    { agent: "family", match: { channel: "discord", thread: "thread-1" } },
  ]);

  it("sends a message no binding matches to the default agent, the first listed", () => {
    expect(router.defaultAgent).toBe("personal");
    expect(router.agentFor(message({ channel: "cli", chatId: "local" }))).toBe("personal");
    expect(router.agentFor(message({ channel: "slack", chatId: "C1", teamId: "T999" }))).toBe("personal");
  });

  it("routes by channel, team and guild", () => {
    expect(router.agentFor(message({ channel: "telegram", chatId: "55" }))).toBe("personal");
    expect(router.agentFor(message({ channel: "slack", chatId: "C1", teamId: "T012" }))).toBe("work");
    expect(router.agentFor(message({ channel: "discord", chatId: "D1", guildId: "G9" }))).toBe("family");
  });

  it("prefers a chat over a sender over a team", () => {
    expect(router.agentFor(message({ channel: "slack", chatId: "C-code", teamId: "T012", senderId: "U-boss" }))).toBe(
      "coding",
    );
    expect(router.agentFor(message({ channel: "slack", chatId: "C1", teamId: "T012", senderId: "U-boss" }))).toBe(
      "boss",
    );
  });

  it("prefers a thread over its chat, and needs every key of the match", () => {
    expect(router.agentFor(message({ channel: "telegram", chatId: "-100", threadId: "7" }))).toBe("coding");
    expect(router.agentFor(message({ channel: "telegram", chatId: "-100", threadId: "8" }))).toBe("personal");
    expect(router.agentFor(message({ channel: "telegram", chatId: "-200", threadId: "7" }))).toBe("personal");
  });

  it("routes a Discord thread by its own id, and otherwise by the channel it belongs to", () => {
    expect(router.agentFor(message({ channel: "discord", chatId: "thread-1", parentChatId: "D1" }))).toBe("family");
    const byParent = routerOf([{ agent: "coding", match: { channel: "discord", chat_id: "D-dev" } }]);
    expect(byParent.agentFor(message({ channel: "discord", chatId: "thread-2", parentChatId: "D-dev" }))).toBe(
      "coding",
    );
  });

  it("matches a sender by id or by username", () => {
    const bySender = routerOf([{ agent: "boss", match: { sender: "alice" } }]);
    expect(bySender.agentFor(message({ senderId: "42", senderUsername: "alice" }))).toBe("boss");
  });

  it("takes the first listed of two matching bindings of one rank", () => {
    const twoTeams = routerOf([
      { agent: "work", match: { team_id: "T1" } },
      { agent: "coding", match: { channel: "slack", team_id: "T1" } },
      { agent: "boss", match: { sender: "u1" } },
      { agent: "family", match: { sender: "name" } },
    ]);
    expect(twoTeams.agentFor(message({ channel: "slack", teamId: "T1", senderId: "x" }))).toBe("work");
    expect(twoTeams.agentFor(message({ senderId: "u1", senderUsername: "name" }))).toBe("boss");
    const reversed = routerOf([
      { agent: "family", match: { sender: "name" } },
      { agent: "boss", match: { sender: "u1" } },
    ]);
    expect(reversed.agentFor(message({ senderId: "u1", senderUsername: "name" }))).toBe("family");
  });

  it("never matches with an empty match", () => {
    expect(routerOf([{ agent: "work", match: {} }]).agentFor(message({}))).toBe("personal");
  });

  it("honours agents.default, and keeps the agent of an internal message", () => {
    const withDefault = routerOf([], { ...agents, default: "family" });
    expect(withDefault.agentFor(message({}))).toBe("family");
    expect(withDefault.agentFor(message({ internal: true, agentId: "work" }))).toBe("work");
    expect(withDefault.agentFor(message({ agentId: "work" })), "a platform message cannot choose").toBe("family");
    expect(withDefault.agentFor(message({ internal: true, agentId: "gone" }))).toBe("family");
  });

  it("routes everything to main without agents.list", () => {
    expect(routerOf([], {}).agentFor(message({ channel: "slack", teamId: "T012" }))).toBe("main");
  });
});

describe("which tools an agent is offered", () => {
  it("offers every tool without lists", () => {
    expect(toolAllowed("exec_shell", {})).toBe(true);
  });

  it("offers only allowed tools, with * as a wildcard and MCP tools as <server>__<tool>", () => {
    const lists = { allow: ["read_file", "web_*", "github__*"] };
    expect(toolAllowed("read_file", lists)).toBe(true);
    expect(toolAllowed("web_fetch", lists)).toBe(true);
    expect(toolAllowed("github__create_issue", lists)).toBe(true);
    expect(toolAllowed("exec_shell", lists)).toBe(false);
    expect(toolAllowed("jira__create", lists)).toBe(false);
    expect(toolAllowed("read_file2", lists), "a name is matched whole").toBe(false);
  });

  it("never offers a denied tool, even an allowed one", () => {
    expect(toolAllowed("exec_shell", { allow: ["*"], deny: ["exec_*"] })).toBe(false);
    expect(toolAllowed("github__delete_repo", { deny: ["github__delete_*"] })).toBe(false);
    expect(toolAllowed("github__list", { deny: ["github__delete_*"] })).toBe(true);
  });

  it("reads regular-expression characters in names literally", () => {
    expect(toolAllowed("a.b", { allow: ["a.b"] })).toBe(true);
    expect(toolAllowed("axb", { allow: ["a.b"] })).toBe(false);
    expect(toolAllowed("anything", { allow: [] })).toBe(false);
  });
});
