import type { MessageBus } from "../bus/message-bus.js";
import {
  loadChannelFactory,
  type PlatformChannelName,
  platformChannel,
  receivingLeaseName,
  settingsOf,
} from "../channel-catalog/loader.js";
import type { Channel, ChannelDeps } from "../channel-kit/channel.js";
import type { ChannelSpec } from "../channel-kit/channel-supervisor.js";
import { redactingChannel, redactingDecisions } from "../channel-kit/redacting-channel.js";
import type { Cluster } from "../cluster/open-cluster.js";
import type { LoadedConfig } from "../config/load.js";
import type { Logger } from "../log.js";
import type { Redactor } from "../util/redactor.js";

/** What a channel added in code is given: the whole config, as it has no settings of its own. */
export interface ExtraChannelDeps extends Omit<ChannelDeps, "settings"> {
  config: LoadedConfig["config"];
}

/** A channel added in code: the terminal for `skein chat`, fakes in tests. */
export interface ExtraChannel {
  name: string;
  create: (deps: ExtraChannelDeps) => Channel;
}

export interface ChannelSpecsOptions {
  config: LoadedConfig["config"];
  home: string;
  /** The platform channels to start (their plugins are loaded only when started). */
  platform: PlatformChannelName[];
  extra: ExtraChannel[];
  bus: MessageBus;
  log: Logger;
  approvals: NonNullable<ChannelDeps["approvals"]>;
  /** Cluster mode: the receiving leases and the state every process shares. */
  cluster?: Cluster;
  /** Takes the config's secrets out of everything each channel sends. */
  redactor: Redactor;
}

/**
 * The supervisor's specs of the platform channels, then the extra ones, each with what it is
 * given; every channel is created behind {@link redactingChannel}.
 */
export function channelSpecs(options: ChannelSpecsOptions): ChannelSpec[] {
  const { config, home, bus, log, cluster, redactor } = options;
  const approvals = redactingDecisions(options.approvals, redactor);
  // Clustered, a single-consumer connection receives in one process at a time, under its lease.
  const leaseOf = (name: string) => {
    const lease = cluster && receivingLeaseName(name, (config.channels as Record<string, unknown>)[name]);
    return lease ? { lease } : {};
  };
  return [
    ...options.platform.map((name) => ({
      name,
      ...leaseOf(name),
      credentialRemedy: platformChannel(name)?.credentialRemedy,
      create: async () =>
        redactingChannel(
          (await loadChannelFactory(name))({
            settings: settingsOf(config, name),
            bus,
            log,
            home,
            approvals,
            maxMessageAgeSeconds: config.agents.defaults.max_message_age,
            ...(cluster && { sharedState: cluster.channelState(name) }),
          }),
          redactor,
        ),
    })),
    ...options.extra.map((extra) => ({
      name: extra.name,
      ...leaseOf(extra.name),
      credentialRemedy: platformChannel(extra.name)?.credentialRemedy,
      create: () =>
        redactingChannel(
          extra.create({
            config,
            bus,
            log,
            home,
            approvals,
            ...(cluster && { sharedState: cluster.channelState(extra.name) }),
          }),
          redactor,
        ),
    })),
  ];
}
