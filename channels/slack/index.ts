import type { ChannelFactory } from "../../src/channel-kit/channel.js";
import { SlackChannel } from "./slack-channel.js";

export { SlackChannel, type SlackChannelOptions } from "./slack-channel.js";

/** The Slack channel: enabled when `channels.slack.bot_token` (SLACK_BOT_TOKEN) is set. */
const createSlackChannel: ChannelFactory = (deps) => new SlackChannel(deps);

export default createSlackChannel;
