// STUB: replaced by the discord channel issue.
import { ChannelError, type ChannelFactory } from "../../src/channels/channel.js";

const createDiscordChannel: ChannelFactory = () => {
  throw new ChannelError("config", "discord", "the discord channel is not implemented yet");
};

export default createDiscordChannel;
