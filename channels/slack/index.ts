// STUB: replaced by the slack channel issue.
import { ChannelError, type ChannelFactory } from "../../src/channels/channel.js";

const createSlackChannel: ChannelFactory = () => {
  throw new ChannelError("config", "slack", "the slack channel is not implemented yet");
};

export default createSlackChannel;
