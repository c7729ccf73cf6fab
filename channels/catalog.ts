import { cli } from "./cli/index.js";
import { discord } from "./discord/index.js";
import { slack } from "./slack/index.js";
import { telegram } from "./telegram/index.js";

/**
 * Every channel plugin, in the order skein starts, checks and lists them. The only
 * place that names concrete plugins: the core reaches them through
 * src/channel-catalog/loader.ts. Adding a platform is one folder and one line here.
 */
export const channelCatalog = [telegram, slack, discord, cli] as const;
