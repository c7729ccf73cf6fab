import { describe, expect, it } from "vitest";
import { readyGuide } from "../../src/commands/start-guide.js";

const dashboard = { origin: "http://127.0.0.1:17870", loginUrl: async () => "http://127.0.0.1:17870/login?token=t0k" };
const connected = (account?: string) => ({ state: "connected" as const, since: 0, ...(account && { account }) });

describe("what skein start says once ready", () => {
  it("with the web chat alone: the login link and how to add a chat platform, on a terminal or not", async () => {
    const guide = await readyGuide({ channels: { web: connected() }, dashboard, terminal: false });
    const lines = guide.split("\n");
    expect(lines[0]).toMatch(/^skein is ready\. Chat with it in the dashboard's web chat: open this link/);
    expect(lines[1]).toBe("http://127.0.0.1:17870/login?token=t0k");
    expect(lines[2]).toMatch(/^No chat platform is configured.*run `skein init`, or set TELEGRAM_BOT_TOKEN/);
    expect(lines).toHaveLength(3);
  });

  it("on a terminal with platforms: whom to write to, `skein dashboard` for a link, and how to stop", async () => {
    const channels = { telegram: connected("@skein_bot"), slack: connected(), web: connected() };
    expect(await readyGuide({ channels, dashboard, terminal: true })).toBe(
      "skein is ready: write to @skein_bot on telegram or your bot on slack, or run `skein dashboard` for a login link " +
        "to the dashboard and its web chat. `skein stop` (or Ctrl-C here) stops it.",
    );
  });

  it("says nothing more off a terminal when a platform is configured: the log says the rest", async () => {
    expect(await readyGuide({ channels: { telegram: connected("@skein_bot") }, dashboard, terminal: false })).toBe("");
  });
});
