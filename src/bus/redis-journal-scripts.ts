/**
 * The Lua scripts of the Redis journal. Each runs atomically in Redis, so a message is
 * never deduplicated without being in its stream, and progress is written only by the
 * process that holds the chat's partition lease (a process whose lease lapsed, frozen or
 * cut off, gets `LEASELOST` instead of overwriting the new holder's work).
 */

/** The error text a fenced script answers with when the caller no longer holds the partition. */
export const leaseLostError = "LEASELOST";

/**
 * The fence: KEYS[1] is the partition lease, ARGV[1] the value it has while the caller holds
 * it, ARGV[2] the lease time. A lease that lapsed while nobody took it (Redis was down or
 * restarted) is the caller's again; one another process took refuses the write.
 */
const fence = `
local holder = redis.call('GET', KEYS[1])
if not holder then redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
elseif holder ~= ARGV[1] then return redis.error_reply('${leaseLostError} the partition lease is held by another process now') end`;

/**
 * record: KEYS dedup key, stream. ARGV dedup ttl ms, message JSON.
 * Returns `{1, stream id}` when recorded, `{0, state}` when seen before.
 */
export const recordScript = `
local state = redis.call('GET', KEYS[1])
if state then return {0, state} end
local id = redis.call('XADD', KEYS[2], '*', 'message', ARGV[2])
redis.call('SET', KEYS[1], 'received', 'PX', ARGV[1])
return {1, id}`;

/** answered: KEYS lease, progress hash, dedup key. ARGV lease value, lease ms, replies JSON, dedup ttl ms. */
export const answeredScript = `${fence}
local preview = redis.call('HGET', KEYS[2], 'preview')
redis.call('DEL', KEYS[2])
redis.call('HSET', KEYS[2], 'replies', ARGV[3])
if preview then redis.call('HSET', KEYS[2], 'preview', preview) end
redis.call('PEXPIRE', KEYS[2], ARGV[4])
redis.call('SET', KEYS[3], 'answered', 'KEEPTTL')
return 1`;

/** preview: KEYS lease, progress hash. ARGV lease value, lease ms, preview message id, hash ttl ms. */
export const previewScript = `${fence}
redis.call('HSET', KEYS[2], 'preview', ARGV[3])
redis.call('PEXPIRE', KEYS[2], ARGV[4])
return 1`;

/** delivered: KEYS lease, progress hash. ARGV lease value, lease ms, reply index, chunks delivered. */
export const deliveredScript = `${fence}
local field = 'd' .. ARGV[3]
local current = tonumber(redis.call('HGET', KEYS[2], field) or '0')
if tonumber(ARGV[4]) > current then redis.call('HSET', KEYS[2], field, ARGV[4]) end
return 1`;

/**
 * complete: KEYS lease, stream, progress hash, dedup key. ARGV lease value, lease ms, group,
 * stream id, dedup ttl ms. Acknowledges and deletes the stream entry (the dedup key remembers it).
 */
export const completeScript = `${fence}
redis.call('XACK', KEYS[2], ARGV[3], ARGV[4])
redis.call('XDEL', KEYS[2], ARGV[4])
redis.call('DEL', KEYS[3])
redis.call('SET', KEYS[4], 'complete', 'PX', ARGV[5])
return 1`;
