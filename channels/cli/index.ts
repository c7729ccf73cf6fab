import { defineTerminalChannel } from "../../src/channel-kit/channel-descriptor.js";

/** The operator's terminal (`skein chat`): no settings, no access control, never started by `skein start`. */
export const cli = defineTerminalChannel({
  name: "cli",
  load: async () => {
    const { CliChannel } = await import("./cli-channel.js");
    return (deps) => new CliChannel(deps);
  },
});
