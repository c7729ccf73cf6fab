import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { OutboundMessage } from "../../src/bus/messages.js";
import { run as approve } from "../../src/commands/pairing-approve.js";
import { run as list } from "../../src/commands/pairing-list.js";
import { run as revoke } from "../../src/commands/pairing-revoke.js";
import type { CommandIo } from "../../src/commands/pairing-shared.js";
import { FakeOpenAI } from "../fakes/fake-openai.js";
import { redisSkipReason } from "../support/redis-server.js";
import { waitUntil } from "../support/wait-until.js";
import { type ClusterDaemon, startClusterDaemon, useRedisServer } from "./cluster-daemons.js";

describe.skipIf(redisSkipReason)("pairing in a cluster", () => {
  const redisServer = useRedisServer({ tcp: true });
  let model: FakeOpenAI;
  let daemons: ClusterDaemon[];
  let operatorHome: string;
  let output: string;
  let io: CommandIo;
  beforeEach(async () => {
    model = await FakeOpenAI.start();
    daemons = [];
    // The operator's machine: a home of its own, only the Redis URL in common with the daemons.
    operatorHome = await mkdtemp(join(tmpdir(), "skein-operator-"));
    output = "";
    io = {
      stdout: (text) => {
        output += text;
      },
      stderr: (text) => {
        output += text;
      },
      env: { SKEIN_HOME: operatorHome, SKEIN_REDIS_URL: redisServer().tcpUrl! },
      cwd: operatorHome,
    };
  });
  afterEach(async () => {
    for (const daemon of daemons) await daemon.close();
    await model.close();
    await rm(operatorHome, { recursive: true, force: true });
  });

  const start = async () => {
    // The default reply interval (an hour): revoking must start the sender's limit in Redis afresh.
    const daemon = await startClusterDaemon({ redisUrl: redisServer().tcpUrl!, model });
    daemons.push(daemon);
    return daemon;
  };
  const sentEverywhere = (): OutboundMessage[] => daemons.flatMap((daemon) => daemon.channel.sent);

  it("admits at once, in another process, a stranger whose code from the first process was approved on a third machine, and tells them how to pair again once revoked", async () => {
    const [first, second] = [await start(), await start()];
    first.channel.receive("hello?", { id: "slack:stranger-1", chatId: "dm-7", senderId: "user-7" });
    await waitUntil(
      () => sentEverywhere().some((sent) => sent.text.includes("pairing code")),
      "a pairing code is sent",
    );
    const code = /pairing code is ([A-Z0-9]{8})/.exec(sentEverywhere()[0]!.text)?.[1];
    expect(code).toBeDefined();

    expect(await list({}, io)).toBe(0);
    expect(output).toContain(`slack  ${code}  user-7`);
    expect(await approve({ args: ["slack", code!] }, io)).toBe(0);
    expect(await approve({ args: ["slack", code!] }, io)).toBe(0);
    expect(output).toContain("Approved user-7 on slack");
    expect(output).toContain(`Code ${code} was already approved`);

    // The first process goes away: the second now handles every chat, and lets the sender in.
    await first.close();
    daemons.shift();
    second.channel.receive("now?", { id: "slack:stranger-2", chatId: "dm-7", senderId: "user-7" });
    await second.channel.waitForDeliveries(1);
    expect(second.channel.sent.at(-1)).toMatchObject({ chatId: "dm-7", text: "echo: now?" });

    output = "";
    expect(await revoke({ args: ["slack", "user-7"] }, io)).toBe(0);
    expect(output).toContain("Revoked user-7 on slack");
    second.channel.receive("still there?", { id: "slack:stranger-3", chatId: "dm-7", senderId: "user-7" });
    await second.channel.waitForDeliveries(2);
    expect(second.channel.sent.at(-1)?.text).toContain("pairing code");
  });

  it("says why when Redis cannot be reached from the operator's machine", async () => {
    io.env = { ...io.env, SKEIN_REDIS_URL: "redis://127.0.0.1:1" };
    expect(await list({}, io)).toBe(1);
    expect(output).toContain("cannot reach Redis at bus.redis_url");
  });
});
