import type { RedisClient } from "../../lib/redis-client";
import { luaScript } from "../../lib/redis-lua-script";
import type { LineJoin, LineJoinOutcome, LineJoinRequest } from "./line-join";
import type { Pair } from "./pair-store";
import { MATCH_KEY_PREFIX, matchQueueKeys, parseEntry, serializeEntry } from "./redis-match-queue";
import { PRELUDE } from "./redis-match-scripts";
import { LIVE_PAIR_TTL_MS } from "./redis-pair-store";

/**
 * `join` and `next` in one round trip (issue #16): one Lua script ends the joiner's chat, records the
 * exclusion (or takes them off the watch list), matches or enqueues them and records the pair, with
 * the keys of `RedisMatchQueue` and `RedisPairStore` (one prefix for both, as in production). Atomic:
 * a partner's disconnect handler on another node either finds them still waiting or finds the pair,
 * so no cross-node liveness check follows; a partner whose node stopped beating is never taken.
 */

export interface RedisLineJoinOptions {
  redis: RedisClient;
  /** The prefix of the line and of the pairs (tests use their own). */
  keyPrefix?: string;
  /** How long a joiner's own node counts as alive from its join (its heartbeat, `NODE_HEARTBEAT_TTL_MS`). */
  heartbeatTtlMs: number;
}

export class RedisLineJoin implements LineJoin {
  private readonly redis: RedisClient;
  private readonly keys: string[];
  private readonly heartbeatTtlMs: number;

  constructor(options: RedisLineJoinOptions) {
    this.redis = options.redis;
    this.keys = matchQueueKeys(options.keyPrefix ?? MATCH_KEY_PREFIX);
    this.heartbeatTtlMs = options.heartbeatTtlMs;
  }

  async join(request: LineJoinRequest): Promise<LineJoinOutcome> {
    const { entry } = request;
    const reply = await JOIN_LINE_SCRIPT.run(this.redis, this.keys, [
      serializeEntry(entry),
      String(entry.joinedAt),
      String(request.now),
      request.roomId,
      String(request.rematchCooldownMs),
      String(Math.max(1, Math.ceil(request.endedPairKeepMs))),
      String(LIVE_PAIR_TTL_MS),
      String(this.heartbeatTtlMs),
    ]);
    if (!Array.isArray(reply)) throw new Error("unexpected join reply from Redis");
    const [ended, partner, pair, searching, isHeldByCooldown, watchers] = reply;
    const waits = typeof partner !== "string";
    return {
      ended: typeof ended === "string" ? (JSON.parse(ended) as Pair) : null,
      partner: waits ? null : parseEntry(partner),
      pair: typeof pair === "string" ? (JSON.parse(pair) as Pair) : null,
      status: waits ? { searching: Number(searching), isHeldByCooldown: isHeldByCooldown === 1 } : null,
      hasWatchers: waits && Number(watchers) > 0,
    };
  }
}

/**
 * ARGV: entry JSON, joinedAt (exact text), now, room id, cooldown ms, keep ms (≥1), live pair ttl ms,
 * heartbeat ttl ms. Returns { ended pair JSON or nil, partner entry JSON or nil, new pair JSON or nil },
 * and when the joiner waits three more: the number waiting, 1 when the rematch cooldown holds back
 * their last partner (`readLineStatus`, mirrored below), the number of people chatting with the AI.
 * The pair keys are those `RedisPairStore` documents, reached by name from the prefix (which pair and
 * which partner is only known inside the script): the line needs one Redis, not a Redis Cluster.
 */
const JOIN_LINE_SCRIPT = luaScript(
  "heartlineRandomChatJoinLine",
  `${PRELUDE}
local json, joinedAt, now, roomId = ARGV[1], ARGV[2], tonumber(ARGV[3]), ARGV[4]
local cooldown, keep, liveTtl, heartbeatTtl = tonumber(ARGV[5]), ARGV[6], ARGV[7], ARGV[8]
local joiner = cjson.decode(json)
local function key(kind, id) return PREFIX .. ":" .. kind .. ":" .. id end

-- RedisPairStore.end of the joiner's chat, then the exclusion (two people) or the watch list (the AI)
local function endPair(roomId)
  local live = redis.call("GET", key("pair", roomId))
  if not live then return false end
  local record = '{"value":' .. live .. ',"expiresAt":' .. string.format("%.0f", now + tonumber(keep)) .. '}'
  redis.call("DEL", key("pair", roomId), key("seen", roomId))
  redis.call("SET", key("ended", roomId), record, "PX", keep)
  redis.call("PEXPIRE", key("messages", roomId), keep)
  local humans = {}
  for _, member in ipairs(cjson.decode(live).members) do
    if member.isAI == false then
      table.insert(humans, member.userId)
      if redis.call("GET", key("user", member.userId)) == live then redis.call("DEL", key("user", member.userId)) end
      redis.call("SET", key("last", member.userId), record, "PX", keep)
    end
  end
  if #humans == 2 then
    local expiry = string.format("%.0f", now + cooldown)
    redis.call("ZADD", EXCLUDED, "GT", expiry, pairKey(humans[1], humans[2]), expiry, pairKey(humans[2], humans[1]))
  elseif #humans == 1 then
    redis.call("HDEL", PREFIX .. ":watch", humans[1])
    redis.call("DEL", key("offers", humans[1]))
  end
  return live
end

-- readLineStatus's isHeldByCooldown: the last partner waits, is compatible, and only the cooldown
-- (not a longer exclusion: a block, a report) keeps the two apart
local function heldByCooldown(me)
  local record = redis.call("GET", key("last", me.id))
  if not record then return 0 end
  local last = cjson.decode(record)
  if last.expiresAt <= now then return 0 end
  local partnerId = nil
  for _, member in ipairs(last.value.members) do
    if member.userId ~= me.id and member.isAI == false then partnerId = member.userId; break end
  end
  if not partnerId then return 0 end
  local waiting = redis.call("HGET", ENTRIES, partnerId)
  if not waiting then return 0 end
  waiting = cjson.decode(waiting)
  if not (accepts(me.preference, waiting.gender) and accepts(waiting.preference, me.gender)) then return 0 end
  if isExcluded(me.id, partnerId, now) and not isExcluded(me.id, partnerId, now + cooldown) then return 1 end
  return 0
end

local function member(entry)
  local node = ""
  if type(entry.nodeId) == "string" then node = ',"nodeId":' .. cjson.encode(entry.nodeId) end
  return '{"userId":' .. cjson.encode(entry.id) .. ',"socketId":' .. cjson.encode(entry.socketId)
    .. ',"gender":' .. cjson.encode(entry.gender) .. ',"isAI":false' .. node .. '}'
end

local ended = false
local pointer = redis.call("GET", key("user", joiner.id))
if pointer then ended = endPair(cjson.decode(pointer).roomId) end
-- the joiner's node is alive: it is answering this join
if type(joiner.nodeId) == "string" then
  redis.call("SET", PREFIX .. ":node:" .. joiner.nodeId, "1", "PX", heartbeatTtl)
end
removeEntry(joiner.id)
while true do
  local partnerJson = takePartner(joiner, now)
  if not partnerJson then
    addEntry(joiner, json, joinedAt)
    local watchers = redis.call("HLEN", PREFIX .. ":watch")
    return { ended, false, false, redis.call("HLEN", ENTRIES), heldByCooldown(joiner), watchers }
  end
  local partner = cjson.decode(partnerJson)
  -- a partner in a chat in another tab stays out of the line (as when a pair cannot be created)
  if redis.call("EXISTS", key("user", partner.id)) == 0 then
    local pair = '{"roomId":' .. cjson.encode(roomId) .. ',"members":[' .. member(partner) .. ','
      .. member(joiner) .. '],"startedAt":' .. ARGV[3] .. '}'
    redis.call("SET", key("pair", roomId), pair, "PX", liveTtl)
    redis.call("SET", key("user", partner.id), pair, "PX", liveTtl)
    redis.call("SET", key("user", joiner.id), pair, "PX", liveTtl)
    return { ended, partnerJson, pair }
  end
end
`,
);
