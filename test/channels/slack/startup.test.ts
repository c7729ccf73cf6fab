import { getEventListeners } from "node:events";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ChannelError } from "../../../src/channel-kit/channel.js";
import { FakeSlack } from "../../fakes/fake-slack.js";
import { type SlackHarness, slackHarness } from "./harness.js";

let fake: FakeSlack;
let harness: SlackHarness | undefined;
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

beforeEach(async () => {
  fake = await FakeSlack.start();
  unhandled.length = 0;
  process.on("unhandledRejection", onUnhandled);
});

afterEach(async () => {
  process.off("unhandledRejection", onUnhandled);
  await harness?.close();
  await fake.close();
});

/** Lets any rejection that nobody handles surface (Node reports them after the microtasks of a turn). */
async function settle(): Promise<void> {
  for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setImmediate(resolve));
}

async function startFailure(slack: Record<string, unknown>): Promise<ChannelError> {
  harness = await slackHarness(fake, slack);
  const failure = await harness.channel.start(new AbortController().signal).then(
    () => undefined,
    (error: unknown) => error,
  );
  await settle();
  expect(failure).toBeInstanceOf(ChannelError);
  return failure as ChannelError;
}

describe("starting the Slack channel", () => {
  it("reports a bad bot token clearly, as an auth failure, without an unhandled rejection", async () => {
    fake.invalidTokens.add("xoxb-revoked");
    const failure = await startFailure({ bot_token: "xoxb-revoked" });

    expect(failure.kind).toBe("auth");
    expect(failure.message).toMatch(/SLACK_BOT_TOKEN.*invalid_auth/);
    expect(harness!.channel.status()).toMatchObject({ state: "failed", detail: failure.message });
    expect(fake.callsTo("auth.test")).toHaveLength(1);
    expect(unhandled).toEqual([]);
  });

  it("reports a bad app token in Socket Mode as an auth failure, without an unhandled rejection", async () => {
    fake.invalidTokens.add("xapp-revoked");
    const failure = await startFailure({ app_token: "xapp-revoked" });

    expect(failure.kind).toBe("auth");
    expect(failure.message).toMatch(/SLACK_APP_TOKEN.*invalid_auth/);
    expect(harness!.channel.status().state).toBe("failed");
    expect(unhandled).toEqual([]);
  });

  it("leaves no listener on the daemon's signal when the connection cannot be opened", async () => {
    fake.invalidTokens.add("xapp-revoked");
    harness = await slackHarness(fake, { app_token: "xapp-revoked" });
    const signal = new AbortController().signal;
    await harness.channel.start(signal).catch(() => undefined);

    expect(getEventListeners(signal, "abort")).toEqual([]);
  });

  it("fails with a network error, after bounded retries, when the Web API cannot be reached", async () => {
    const failure = await startFailure({ api_url: "http://127.0.0.1:9/api/" });

    expect(failure.kind).toBe("network");
    expect(harness!.channel.status().state).toBe("failed");
    expect(unhandled).toEqual([]);
  });

  it("refuses to start without a way to receive events (no app token, no signing secret)", async () => {
    const failure = await startFailure({ signing_secret: undefined });

    expect(failure.kind).toBe("config");
    expect(failure.message).toContain("SLACK_SIGNING_SECRET");
    expect(fake.calls).toEqual([]);
  });

  it("lets Bolt make no auth.test call of its own once started", async () => {
    harness = await slackHarness(fake);
    await harness.channel.start(new AbortController().signal);
    await settle();

    expect(fake.callsTo("auth.test")).toHaveLength(1);
    expect(unhandled).toEqual([]);
  });

  it("stops when the daemon's signal is aborted", async () => {
    harness = await slackHarness(fake, { app_token: "xapp-good" });
    const controller = new AbortController();
    await harness.channel.start(controller.signal);
    expect(harness.channel.status().state).toBe("connected");

    controller.abort();
    await harness.logs.waitFor((line) => line.msg === "Slack channel stopped");
    expect(harness.channel.status().state).toBe("stopped");
  });
});
