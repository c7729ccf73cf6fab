/**
 * The Lua scripts of the Redis journal. Each runs atomically in Redis, so a message is
 * never deduplicated without being in its stream, and progress is written only by the
 * process that holds the chat's partition lease (a process whose partition was taken over after
 * it froze or was cut off gets `LEASELOST` instead of overwriting the new holder's work).
 */

/** The error text a fenced script answers with when the caller no longer holds the partition. */
export const leaseLostError = "LEASELOST";

/**
 * The fence: KEYS[1] is the partition lease, ARGV[1] the value it has while the caller holds it.
 * A lease given up, taken by another process, or gone with Redis's data refuses the write (the
 * partition's next holder claims the message and goes on from its recorded progress).
 */
const fence = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then
  return redis.error_reply('${leaseLostError} this process no longer holds the partition')
end`;

/**
 * The partition of a chat seen for the first time, balanced by count: of the partitions held by
 * live members (beating), the one of the member whose partitions hold the fewest chats so far,
 * and of its partitions the one with the fewest (the first, on a tie); before any is held, the
 * partition with the fewest chats. Hashing alone lets a member end up with almost no chat (20
 * chats over 5 members leave one empty about once in 17); so 20 new chats over 5 members give
 * each exactly 4. Reads the partitions' lease keys by name (skein runs on one Redis primary).
 * A function of the scripts below: prefix, partition count, chats hash, beats hash.
 */
const assignFunction = `
local function assign(prefix, count, chatsKey, beatsKey)
  local leaseKeys, fields = {}, {}
  for partition = 0, count - 1 do
    leaseKeys[partition + 1] = prefix .. 'lease:partition:' .. partition
    fields[partition + 1] = tostring(partition)
  end
  local values = redis.call('MGET', unpack(leaseKeys))
  local chats = redis.call('HMGET', chatsKey, unpack(fields))
  local holders, live, totals, anyHeld = {}, {}, {}, false
  for index = 1, count do
    local holder = values[index] and string.match(values[index], '^(.*) %d+$')
    if holder then
      if live[holder] == nil then live[holder] = redis.call('HEXISTS', beatsKey, holder) == 1 end
      if live[holder] then
        holders[index] = holder
        totals[holder] = (totals[holder] or 0) + (tonumber(chats[index]) or 0)
        anyHeld = true
      end
    end
  end
  local best, bestTotal, bestHolder, bestChats
  for index = 1, count do
    local holder = holders[index]
    if holder or not anyHeld then
      local total = holder and totals[holder] or 0
      local name = holder or ''
      local chatCount = tonumber(chats[index]) or 0
      if best == nil or total < bestTotal or (total == bestTotal and (name < bestHolder
        or (name == bestHolder and chatCount < bestChats))) then
        best, bestTotal, bestHolder, bestChats = index, total, name, chatCount
      end
    end
  end
  redis.call('HINCRBY', chatsKey, best - 1, 1)
  return tostring(best - 1)
end`;

/**
 * record: KEYS dedup key, the chat's partition key, chats per partition (hash), beats.
 * ARGV dedup ttl ms, message JSON, key prefix, partition count, chat's partition ttl ms.
 * Returns `{1, stream id}` when recorded, `{0, state}` when seen before. A chat keeps its
 * partition while it is active (its key lives on with each message). A duplicate rewrites its
 * state (a write), so that a `WAIT` after it covers the first record, whoever made it.
 */
export const recordScript = `${assignFunction}
local state = redis.call('GET', KEYS[1])
if state then
  redis.call('SET', KEYS[1], state, 'KEEPTTL')
  return {0, state}
end
local partition = redis.call('GET', KEYS[2]) or assign(ARGV[3], tonumber(ARGV[4]), KEYS[3], KEYS[4])
redis.call('SET', KEYS[2], partition, 'PX', ARGV[5])
local id = redis.call('XADD', ARGV[3] .. 'inbound:' .. partition, '*', 'message', ARGV[2])
redis.call('SET', KEYS[1], 'received', 'PX', ARGV[1])
return {1, id}`;

/**
 * The partition of a chat without recording anything (assigned now when it has none): KEYS the
 * chat's partition key, chats per partition, beats. ARGV key prefix, partition count, ttl ms.
 */
export const assignScript = `${assignFunction}
local partition = redis.call('GET', KEYS[1]) or assign(ARGV[1], tonumber(ARGV[2]), KEYS[2], KEYS[3])
redis.call('SET', KEYS[1], partition, 'PX', ARGV[3])
return tonumber(partition)`;

/** answered: KEYS lease, progress hash, dedup key. ARGV lease value, replies JSON, dedup ttl ms. */
export const answeredScript = `${fence}
local preview = redis.call('HGET', KEYS[2], 'preview')
redis.call('DEL', KEYS[2])
redis.call('HSET', KEYS[2], 'replies', ARGV[2])
if preview then redis.call('HSET', KEYS[2], 'preview', preview) end
redis.call('PEXPIRE', KEYS[2], ARGV[3])
redis.call('SET', KEYS[3], 'answered', 'KEEPTTL')
return 1`;

/** preview: KEYS lease, progress hash. ARGV lease value, preview message id, hash ttl ms. */
export const previewScript = `${fence}
redis.call('HSET', KEYS[2], 'preview', ARGV[2])
redis.call('PEXPIRE', KEYS[2], ARGV[3])
return 1`;

/** delivered: KEYS lease, progress hash. ARGV lease value, reply index, chunks delivered. */
export const deliveredScript = `${fence}
local field = 'd' .. ARGV[2]
local current = tonumber(redis.call('HGET', KEYS[2], field) or '0')
if tonumber(ARGV[3]) > current then redis.call('HSET', KEYS[2], field, ARGV[3]) end
return 1`;

/**
 * complete: KEYS lease, stream, progress hash, dedup key. ARGV lease value, group, stream id,
 * dedup ttl ms. Acknowledges and deletes the stream entry (the dedup key remembers it).
 */
export const completeScript = `${fence}
redis.call('XACK', KEYS[2], ARGV[2], ARGV[3])
redis.call('XDEL', KEYS[2], ARGV[3])
redis.call('DEL', KEYS[3])
redis.call('SET', KEYS[4], 'complete', 'PX', ARGV[4])
return 1`;
