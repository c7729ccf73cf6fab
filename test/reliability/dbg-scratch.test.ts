import { it } from "vitest";
import { ClusterWorld } from "./cluster-harness.js";
it("dbg", async () => {
  const world = await ClusterWorld.create({ discord: true });
  try {
    await world.start(2);
    await world.spread();
    await world.until(async () => (await world.discordReceiver()) !== undefined, "discord receiver");
    world.sayOnDiscord(1);
    await world.until(() => world.replies().length === 1, "first answered");
    const victim = (await world.discordReceiver())!;
    await world.kill(victim);
    const t = Date.now();
    world.sayOnDiscord(2);
    await new Promise((r) => setTimeout(r, 8000));
    console.log("replies", JSON.stringify(world.replies()), t);
    const survivor = world.running[0]!;
    console.log(survivor.process.stderr().split("\n").filter((l) => /discord|gateway|fell silent|took over/i.test(l)).map((l) => l.slice(0, 300)).join("\n"));
  } finally {
    await world.close();
  }
}, 120_000);
