/**
 * The core's one way to the plugins: the only import of `channels/catalog.ts` in src/. It gives the
 * catalog's descriptors (platforms and the terminal), the config's `channels` shape and a platform's settings,
 * which channels are configured, their receiving leases in a cluster, the "no channel configured" wording, and
 * the lazy loader of a plugin's module. Descriptors are light (no SDK); each SDK is imported by `load()`, when
 * its channel is configured: a Telegram-only daemon never loads discord.js.
 */

import type * as z from "zod";
import { channelCatalog } from "../../channels/catalog.js";
import type { ChannelFactory } from "../channel-kit/channel.js";
import type { PlatformChannelDescriptor, TerminalChannelDescriptor } from "../channel-kit/channel-descriptor.js";

type Catalog = (typeof channelCatalog)[number];
type Platform = Extract<Catalog, { kind: "platform" }>;

/** Names of the platform channels (`telegram`, `slack`, ...). */
export type PlatformChannelName = Platform["name"];

/** The `channels` section of the config: each platform's settings under its name. */
export type ChannelsConfig = { [Descriptor in Platform as Descriptor["name"]]: z.output<Descriptor["settings"]> };

/** The platform plugins, in catalog order. */
export const platformChannels: readonly PlatformChannelDescriptor[] = channelCatalog.filter(
  (descriptor): descriptor is Platform => descriptor.kind === "platform",
);

/** The platform plugin of this name, if there is one. */
export function platformChannel(name: string): PlatformChannelDescriptor | undefined {
  return platformChannels.find((descriptor) => descriptor.name === name);
}

/** The terminal channel of `skein chat`. */
export function terminalChannel(): TerminalChannelDescriptor {
  const terminal = channelCatalog.find(
    (descriptor): descriptor is Extract<Catalog, { kind: "terminal" }> => descriptor.kind === "terminal",
  );
  if (!terminal) throw new Error("channels/catalog.ts lists no terminal channel");
  return terminal;
}

/** A platform's own settings (`config.channels.<name>`). */
export function settingsOf(config: { channels: ChannelsConfig }, name: PlatformChannelName): unknown {
  return (config.channels as Record<string, unknown>)[name];
}

/** Names of the platform channels whose credentials are configured, in catalog order. */
export function configuredChannels(config: { channels: ChannelsConfig }): PlatformChannelName[] {
  return platformChannels
    .filter((descriptor) =>
      descriptor.isConfigured(settingsOf(config, descriptor.name as PlatformChannelName) as never),
    )
    .map((descriptor) => descriptor.name as PlatformChannelName);
}

/**
 * The lease under which one process of a cluster receives on `name`'s connection
 * (`connection:<name>:<bot id or token hash>`), or `undefined` when every process may receive.
 */
export function receivingLeaseName(name: string, settings: unknown): string | undefined {
  const identity = platformChannel(name)?.receivingLease?.(settings as never);
  return identity === undefined ? undefined : `connection:${name}:${identity}`;
}

/** Imports a channel's module (and with it, its SDK) and returns its factory, bound to nothing but its own settings. */
export async function loadChannelFactory(name: PlatformChannelName): Promise<ChannelFactory> {
  const descriptor = platformChannel(name);
  if (!descriptor) throw new Error(`no channel plugin named ${name} in channels/catalog.ts`);
  return (await descriptor.load()) as ChannelFactory;
}

/** What `skein start`, `skein doctor` and `skein config check` say when no channel is configured, built from the catalog. */
export interface NoChannelText {
  /** `no channel is configured, so there is nobody to talk to`. */
  problem: string;
  /** Which variables to set (each platform's {@link PlatformChannelDescriptor.credentialHint}), and `skein chat`. */
  remedy: string;
  /** Both, as one sentence pair. */
  message: string;
  /** Each platform's credentials, as one list: `TELEGRAM_BOT_TOKEN, SLACK_BOT_TOKEN (…) or DISCORD_BOT_TOKEN`. */
  credentials: string;
}

/** The one wording of "no channel is configured", naming every platform's credentials in catalog order. */
export function noChannelText(
  platforms: readonly Pick<PlatformChannelDescriptor, "credentialHint">[] = platformChannels,
): NoChannelText {
  const hints = platforms.map((descriptor) => descriptor.credentialHint);
  const either =
    hints.length > 1 ? `${hints.slice(0, -1).join(", ")} or ${hints.at(-1)}` : (hints[0] ?? "a channel's credentials");
  const problem = "no channel is configured, so there is nobody to talk to";
  const remedy =
    `set ${either} in the environment, in .env or in config.json (channels.<name>), then run \`skein start\` again; ` +
    "`skein chat` talks to the agent in this terminal";
  return {
    problem,
    remedy,
    message: `${problem}. ${remedy[0]!.toUpperCase()}${remedy.slice(1)}.`,
    credentials: either,
  };
}

/**
 * What is said when a model is configured but no chat platform is: `skein start` runs with the dashboard's
 * web chat alone; the remedy names each platform's credentials.
 */
export function noPlatformText(): Omit<NoChannelText, "credentials"> {
  const problem = "no chat platform is configured, so the dashboard's web chat is the only channel";
  const remedy = `run \`skein init\`, or set ${noChannelText().credentials} (or channels.<name> in config.json), then restart skein`;
  return { problem, remedy, message: `${problem}; to add one, ${remedy}` };
}

/** The zod shape of the config's `channels` section: each platform's schema under its name, defaulted. */
export type ChannelsShape = { [Descriptor in Platform as Descriptor["name"]]: z.ZodPrefault<Descriptor["settings"]> };

/** Builds {@link ChannelsShape} from the catalog (config/schema.ts wraps it in `z.object`). */
export function channelsShape(): ChannelsShape {
  return Object.fromEntries(
    platformChannels.map((descriptor) => [descriptor.name, descriptor.settings.prefault({})]),
  ) as ChannelsShape;
}
