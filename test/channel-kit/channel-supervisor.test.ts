import { describe, expect, it } from "vitest";
import { MessageBus } from "../../src/bus/message-bus.js";
import { type Channel, ChannelError } from "../../src/channel-kit/channel.js";
import { ChannelSupervisor } from "../../src/channel-kit/channel-supervisor.js";
import { silentLogger } from "../../src/log.js";
import { MemoryChannel } from "../fakes/memory-channel.js";

function supervisor(bus = new MessageBus()) {
  return new ChannelSupervisor({ bus, log: silentLogger(), signal: new AbortController().signal });
}

describe("ChannelSupervisor", () => {
  it("reports a channel whose module is still loading as starting, not failed", async () => {
    const channels = supervisor();
    let create!: (channel: Channel) => void;
    const starting = channels.startAll([
      { name: "memory", create: () => new Promise<Channel>((resolve) => (create = resolve)) },
    ]);

    expect(channels.statuses().memory?.state).toBe("starting");

    create(new MemoryChannel("memory", new MessageBus()));
    await starting;
    expect(channels.statuses().memory?.state).toBe("connected");
  });

  it("releases a channel that failed to start for good", async () => {
    const bus = new MessageBus();
    const channel = new MemoryChannel("memory", bus, new ChannelError("auth", "memory", "bad token"));
    const channels = supervisor(bus);

    await channels.startAll([{ name: "memory", create: () => channel }]);

    expect(channels.allFailed()).toBe(true);
    expect(channel.status().state).toBe("stopped");
  });
});
