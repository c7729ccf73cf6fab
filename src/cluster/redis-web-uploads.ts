import type { SharedUploads } from "../dashboard/web-chat/web-uploads.js";
import type { Cluster } from "./open-cluster.js";

/** How long a recorded message's file is kept (as long as its process keeps its own copy). */
const KEEP_MS = 86_400_000;

/**
 * The web chat's files of recorded messages in Redis (`<prefix>web-upload:<conversation>/sent/<id>`,
 * expiring after a day), so that whichever process runs the turn saves the file to its inbox, as
 * it would fetch a platform's attachment. A file is at most `agents.defaults.max_attachment_bytes`.
 */
export function redisWebUploads(cluster: Pick<Cluster, "redis" | "prefix">): SharedUploads {
  const keyOf = (ref: string) => `${cluster.prefix}web-upload:${ref}`;
  return {
    async put(ref, data) {
      await cluster.redis.set(keyOf(ref), Buffer.from(data.buffer, data.byteOffset, data.byteLength), "PX", KEEP_MS);
    },
    async get(ref) {
      return (await cluster.redis.getBuffer(keyOf(ref))) ?? undefined;
    },
  };
}
