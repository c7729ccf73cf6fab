import { chown, readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import {
  type ApproveResult,
  approvePairing,
  listPairings,
  type PairingListing,
  type RevokeResult,
  revokePairing,
} from "../access/pairing-operations.js";
import type { PairingReplyLimit } from "../access/pairing-reply-limit.js";
import { PairingFiles, type PairingStore } from "../access/pairing-store.js";
import { askDaemon } from "../admin/admin-client.js";
import type { AdminRoute } from "../admin/admin-endpoint.js";
import type { RedisTarget } from "../bus/redis-connection.js";
import { redisTargetOf } from "../bus/redis-target.js";
import { platformChannels } from "../channel-catalog/loader.js";
import { loadConfig } from "../config/load.js";
import { closestMatch } from "../util/did-you-mean.js";
import type { GlobalOptions } from "./command-support.js";

/** What the pairing commands are given: the global options and their arguments. */
export interface PairingCommandOptions extends GlobalOptions {
  args?: string[];
  /** `--json` (pairing list). */
  json?: boolean;
}

/** Where the pairing commands write, and the environment they read (injectable for tests). */
export interface CommandIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  now?: () => number;
}

export const processIo: CommandIo = {
  stdout: (text) => void process.stdout.write(text),
  stderr: (text) => void process.stderr.write(text),
};

/**
 * The pairings of the configured `$SKEIN_HOME`. While a daemon serves it, its admin
 * endpoint does the work (so the daemon's own user writes its files, whoever runs the
 * command); otherwise the files are changed here, and handed to the owner of
 * `$SKEIN_HOME` when root changed them. With `bus.redis_url` set, the cluster's pairings
 * in Redis are changed directly, from whichever machine the command runs on.
 */
export interface Pairings {
  list(): Promise<PairingListing>;
  approve(channel: string, code: string): Promise<ApproveResult>;
  revoke(channel: string, sender: string): Promise<RevokeResult>;
}

export async function openPairings(options: PairingCommandOptions, io: CommandIo): Promise<Pairings> {
  const { home, config } = await loadConfig({ configPath: options.config, env: io.env, cwd: io.cwd });
  const target = redisTargetOf(config.bus);
  if (target) return clusterPairings(target, io);
  const store = new PairingFiles({ home, now: io.now });
  async function viaDaemonOrFiles<T>(
    route: AdminRoute,
    body: Record<string, unknown> | undefined,
    local: () => Promise<T>,
  ): Promise<T> {
    const answer = await askDaemon<T>(home, route, { body });
    if (answer.type === "answer") return answer.body;
    if (answer.type === "failed") throw new Error(`the running daemon did not do it: ${answer.reason}`);
    const result = await local();
    await handToHomeOwner(home);
    return result;
  }
  return {
    list: () => viaDaemonOrFiles("GET /pairing", undefined, () => listPairings(store)),
    approve: (channel, code) =>
      viaDaemonOrFiles("POST /pairing/approve", { channel, code }, () => approvePairing(store, channel, code)),
    revoke: (channel, sender) =>
      viaDaemonOrFiles("POST /pairing/revoke", { channel, sender }, () => revokePairing(store, channel, sender)),
  };
}

/** The pairing operations done on the cluster's Redis, one connection per command. */
function clusterPairings(target: RedisTarget, io: CommandIo): Pairings {
  const onCluster = async <T>(
    operation: (store: PairingStore, replies: PairingReplyLimit) => Promise<T>,
  ): Promise<T> => {
    const [{ withClusterRedis }, { RedisPairings, RedisReplyLimit }] = await Promise.all([
      import("../cluster/cluster-command.js"),
      import("../cluster/redis-pairings.js"),
    ]);
    return withClusterRedis(target, (redis, prefix) =>
      operation(new RedisPairings({ redis, prefix, now: io.now }), new RedisReplyLimit({ redis, prefix })),
    );
  };
  return {
    list: () => onCluster((store) => listPairings(store)),
    approve: (channel, code) => onCluster((store, replies) => approvePairing(store, channel, code, replies)),
    revoke: (channel, sender) => onCluster((store, replies) => revokePairing(store, channel, sender, replies)),
  };
}

/**
 * When root changed the pairing files of a `$SKEIN_HOME` that belongs to a service user,
 * they go back to that user: a file the daemon cannot read would leave everyone unanswered.
 */
async function handToHomeOwner(home: string): Promise<void> {
  if (process.getuid?.() !== 0) return;
  const owner = await stat(home).catch(() => undefined);
  if (!owner || owner.uid === 0) return;
  const directory = join(home, "pairing");
  const files = await readdir(directory).catch(() => [] as string[]);
  await Promise.all(
    [directory, ...files.map((file) => join(directory, file))].map((path) =>
      chown(path, owner.uid, owner.gid).catch(() => undefined),
    ),
  );
}

/**
 * The `<channel> <second>` arguments of `pairing approve` and `pairing revoke`, or the exit
 * code (2) after printing the usage, or why the channel name is wrong.
 */
export function channelArguments(
  options: PairingCommandOptions,
  io: CommandIo,
  usage: string,
): { channel: string; value: string } | number {
  const [channel, value] = options.args ?? [];
  if (!channel || !value) {
    io.stderr(`skein: usage: ${usage}\n`);
    return 2;
  }
  const wrongChannel = checkChannelName(channel);
  if (wrongChannel) {
    io.stderr(`skein: ${wrongChannel}\n`);
    return 2;
  }
  return { channel, value };
}

/** The platform channel named `channel`, or the error to print (with a "did you mean"). */
function checkChannelName(channel: string): string | undefined {
  const names = platformChannels.map((descriptor) => descriptor.name);
  if (names.includes(channel)) return undefined;
  const near = closestMatch(channel, names);
  return `unknown channel "${channel}"${near ? ` (did you mean "${near}"?)` : ""}; the channels are ${names.join(", ")}`;
}

/** "12345 (@alice, Alice Liddell)" */
export function describeSender(sender: { senderId: string; senderUsername?: string; senderName?: string }): string {
  const names = [sender.senderUsername && `@${sender.senderUsername}`, sender.senderName].filter(Boolean);
  return names.length ? `${sender.senderId} (${names.join(", ")})` : sender.senderId;
}
