// STUB: replaced by the telegram channel issue.
import { ChannelError, type ChannelFactory } from "../../src/channels/channel.js";

const createTelegramChannel: ChannelFactory = () => {
  throw new ChannelError("config", "telegram", "the telegram channel is not implemented yet");
};

export default createTelegramChannel;
