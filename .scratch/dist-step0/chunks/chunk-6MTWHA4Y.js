#!/usr/bin/env node
import { createRequire as __skeinCreateRequire } from "node:module";

const require = __skeinCreateRequire(import.meta.url);
import { chown, readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import { closestMatch, loadConfig } from "./chunk-E3XL2VA2.js";
import { PairingFiles } from "./chunk-FIAR7CSA.js";
import { approvePairing, listPairings, revokePairing } from "./chunk-KRMCE3D2.js";
import { platformChannels } from "./chunk-PSIFTLKK.js";
import { askDaemon } from "./chunk-PYA2XW7F.js";
var processIo = {
  stdout: (text) => {
    process.stdout.write(text);
  },
  stderr: (text) => {
    process.stderr.write(text);
  },
};
async function openPairings(options, io) {
  const { home, config } = await loadConfig({ configPath: options.config, env: io.env, cwd: io.cwd }),
    { redis_url: url, redis_password: password } = config.bus;
  if (url) return clusterPairings({ url, ...(password ? { password } : {}) }, io);
  const store = new PairingFiles({ home, now: io.now });
  async function viaDaemonOrFiles(route, body, local) {
    const answer = await askDaemon(home, route, { body });
    if (answer.type === "answer") return answer.body;
    if (answer.type === "failed") throw new Error(`the running daemon did not do it: ${answer.reason}`);
    const result = await local();
    return await handToHomeOwner(home), result;
  }
  return {
    list: () => viaDaemonOrFiles("GET /pairing", void 0, () => listPairings(store)),
    approve: (channel, code) =>
      viaDaemonOrFiles("POST /pairing/approve", { channel, code }, () => approvePairing(store, channel, code)),
    revoke: (channel, sender) =>
      viaDaemonOrFiles("POST /pairing/revoke", { channel, sender }, () => revokePairing(store, channel, sender)),
  };
}
function clusterPairings(target, io) {
  const onCluster = async (operation) => {
    const [{ withClusterRedis }, { RedisPairings, RedisReplyLimit }] = await Promise.all([
      import("./cluster-command-E57OS7UY.js"),
      import("./redis-pairings-GUEQOO42.js"),
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
async function handToHomeOwner(home) {
  if (process.getuid?.() !== 0) return;
  const owner = await stat(home).catch(() => {});
  if (!owner || owner.uid === 0) return;
  const directory = join(home, "pairing"),
    files = await readdir(directory).catch(() => []);
  await Promise.all(
    [directory, ...files.map((file) => join(directory, file))].map((path) =>
      chown(path, owner.uid, owner.gid).catch(() => {}),
    ),
  );
}
function channelArguments(options, io, usage) {
  const [channel, value] = options.args ?? [];
  if (!channel || !value)
    return (
      io.stderr(`skein: usage: ${usage}
`),
      2
    );
  const wrongChannel = checkChannelName(channel);
  return wrongChannel
    ? (io.stderr(`skein: ${wrongChannel}
`),
      2)
    : { channel, value };
}
function checkChannelName(channel) {
  const names = platformChannels.map((descriptor) => descriptor.name);
  if (names.includes(channel)) return;
  const near = closestMatch(channel, names);
  return `unknown channel "${channel}"${near ? ` (did you mean "${near}"?)` : ""}; the channels are ${names.join(", ")}`;
}
function describeSender(sender) {
  const names = [sender.senderUsername && `@${sender.senderUsername}`, sender.senderName].filter(Boolean);
  return names.length ? `${sender.senderId} (${names.join(", ")})` : sender.senderId;
}
export { channelArguments, describeSender, openPairings, processIo };
//# sourceMappingURL=chunk-6MTWHA4Y.js.map
