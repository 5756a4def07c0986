import { luaScript } from "../../lib/redis-lua-script";

/**
 * The Lua side of `RedisPairStore`: each multi-key change is one script, so it is atomic across
 * nodes. Every key a script touches is passed in KEYS, as Redis requires.
 */

/**
 * KEYS: pair, then the pointer of each human member. ARGV: pair JSON, ttl ms.
 * Refuses (0, nothing written) when the room exists or a human member is already in a live pair.
 */
export const CREATE_PAIR_SCRIPT = luaScript(
  "heartlineRandomChatCreatePair",
  `
if redis.call("EXISTS", unpack(KEYS)) > 0 then return 0 end
for _, key in ipairs(KEYS) do
  redis.call("SET", key, ARGV[1], "PX", ARGV[2])
end
return 1
`,
);

/**
 * KEYS: pair, messages, seen, ended, then for each human member their pointer and their last-ended
 * key. ARGV: ended record JSON, keep ms. Exactly one caller finds the pair and gets its JSON; a
 * pointer only goes if it still names this pair.
 */
export const END_PAIR_SCRIPT = luaScript(
  "heartlineRandomChatEndPair",
  `
local json = redis.call("GET", KEYS[1])
if not json then return false end
redis.call("DEL", KEYS[1], KEYS[3])
redis.call("SET", KEYS[4], ARGV[1], "PX", ARGV[2])
redis.call("PEXPIRE", KEYS[2], ARGV[2])
for index = 5, #KEYS, 2 do
  if redis.call("GET", KEYS[index]) == json then redis.call("DEL", KEYS[index]) end
  redis.call("SET", KEYS[index + 1], ARGV[1], "PX", ARGV[2])
end
return json
`,
);

/**
 * KEYS: pair, messages, seen. ARGV: message JSON, id, timestamp, keep.
 * Returns nil when the pair is not live, {0, first timestamp} for a repeated id, {1, timestamp}.
 * The messages and seen ids live as long as the pair.
 */
export const ADD_MESSAGE_SCRIPT = luaScript(
  "heartlineRandomChatAddMessage",
  `
local ttl = redis.call("PTTL", KEYS[1])
if ttl == -2 then return false end
local first = redis.call("HGET", KEYS[3], ARGV[2])
if first then return { 0, first } end
redis.call("HSET", KEYS[3], ARGV[2], ARGV[3])
redis.call("RPUSH", KEYS[2], ARGV[1])
redis.call("LTRIM", KEYS[2], -tonumber(ARGV[4]), -1)
if ttl > 0 then
  redis.call("PEXPIRE", KEYS[2], ttl)
  redis.call("PEXPIRE", KEYS[3], ttl)
end
return { 1, ARGV[3] }
`,
);

/** KEYS: watch hash, offers of the user. ARGV: user id, watch record JSON, ttl ms. */
export const WATCH_SCRIPT = luaScript(
  "heartlineRandomChatWatch",
  `
redis.call("HSET", KEYS[1], ARGV[1], ARGV[2])
redis.call("DEL", KEYS[2])
redis.call("PEXPIRE", KEYS[1], ARGV[3])
return 1
`,
);

/** KEYS: watch hash, offers of the user. ARGV: user id. Returns the watch record JSON or nil. */
export const UNWATCH_SCRIPT = luaScript(
  "heartlineRandomChatUnwatch",
  `
local json = redis.call("HGET", KEYS[1], ARGV[1])
if not json then return false end
redis.call("HDEL", KEYS[1], ARGV[1])
redis.call("DEL", KEYS[2])
return json
`,
);

/**
 * KEYS: watch hash, offers of the watcher. ARGV: watcher id, person id, ttl ms.
 * 1 exactly once per (watcher, person) while the watcher stays watched.
 */
export const CLAIM_OFFER_SCRIPT = luaScript(
  "heartlineRandomChatClaimOffer",
  `
if redis.call("HEXISTS", KEYS[1], ARGV[1]) == 0 then return 0 end
local added = redis.call("SADD", KEYS[2], ARGV[2])
redis.call("PEXPIRE", KEYS[2], ARGV[3])
return added
`,
);
