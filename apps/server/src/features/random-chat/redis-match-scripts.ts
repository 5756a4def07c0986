import { GENDERS, INTEREST_PRIORITY_WINDOW_MS, PREFERENCES } from "@heartline/shared";
import { luaScript } from "../../lib/redis-lua-script";

/**
 * The Lua side of `RedisMatchQueue`. Each call is one script, so Redis runs it atomically: two nodes
 * can never hand the same waiting person to two joiners.
 *
 * Lua cannot import `choosePartner` (@heartline/shared), so `choose` below mirrors it rule for rule;
 * the cluster suite proves the two agree over random waiting lines (fast-check). Keep them in step.
 *
 * KEYS (the same for every script, so all keys are declared as Redis requires):
 *   1 line     sorted set: id scored by joinedAt (fair order: oldest first, then id bytewise)
 *   2 entries  hash: id -> the WaitingEntry as JSON
 *   3 excluded sorted set: "<len(a)>:<a><b>" scored by the expiry (ms); both directions stored
 *             (len in bytes, so the key splits back into the two ids)
 *   4..       one sorted set per (gender, preference) bucket, like `line`, so a joiner only reads the
 *             buckets whose people are compatible with them instead of the whole line
 *
 * Two kinds of keys are reached by name from the prefix (`KEYS[1]` minus ":line"), since which node they
 * belong to is only known inside the script (so the line needs one Redis, not a Redis Cluster):
 *   node:{nodeId}     the node's heartbeat (expiring): a waiting entry of a node without one is dropped
 *   ai-line:{nodeId}  sorted set like `line` of the node's entries that allow the AI (`longWaits`)
 */

export const BUCKETS = GENDERS.flatMap((gender) => PREFERENCES.map((preference) => ({ gender, preference })));

const luaList = (values: readonly string[]): string => `{${values.map((value) => `"${value}"`).join(", ")}}`;

export const PRELUDE = `
local LINE, ENTRIES, EXCLUDED = KEYS[1], KEYS[2], KEYS[3]
local PREFIX = string.sub(LINE, 1, #LINE - #":line")
local GENDERS = ${luaList(GENDERS)}
local PREFERENCES = ${luaList(PREFERENCES)}
local INTEREST_WINDOW = ${INTEREST_PRIORITY_WINDOW_MS}
local PAGE = 128

local genderIndex, preferenceIndex = {}, {}
for index, gender in ipairs(GENDERS) do genderIndex[gender] = index end
for index, preference in ipairs(PREFERENCES) do preferenceIndex[preference] = index end

local function bucket(gender, preference)
  return KEYS[3 + (genderIndex[gender] - 1) * #PREFERENCES + preferenceIndex[preference]]
end

-- acceptsGender: "any" is the no-preference choice
local function accepts(preference, gender)
  return preference == "any" or preference == gender
end

-- JavaScript's "<" on ASCII ids; Lua's own "<" follows the server's locale (strcoll)
local function idLess(a, b)
  local length = math.min(#a, #b)
  for index = 1, length do
    local x, y = string.byte(a, index), string.byte(b, index)
    if x ~= y then return x < y end
  end
  return #a < #b
end

-- the length prefix keeps "ab"+"c" apart from "a"+"bc"
local function pairKey(a, b)
  return #a .. ":" .. a .. b
end

local function isExcluded(a, b, now)
  local expiry = redis.call("ZSCORE", EXCLUDED, pairKey(a, b))
  return expiry ~= false and tonumber(expiry) > now
end

-- the node's own line of entries the AI may fill in for (nil: none)
local function aiLine(entry)
  if entry.allowAI == true and type(entry.nodeId) == "string" then return PREFIX .. ":ai-line:" .. entry.nodeId end
  return nil
end

-- an entry without a node is always alive; one of a node whose heartbeat expired is not
local function isAlive(entry)
  if type(entry.nodeId) ~= "string" then return true end
  return redis.call("EXISTS", PREFIX .. ":node:" .. entry.nodeId) == 1
end

local function addEntry(entry, json, joinedAt)
  redis.call("HSET", ENTRIES, entry.id, json)
  redis.call("ZADD", LINE, joinedAt, entry.id)
  redis.call("ZADD", bucket(entry.gender, entry.preference), joinedAt, entry.id)
  local ai = aiLine(entry)
  if ai then redis.call("ZADD", ai, joinedAt, entry.id) end
end

local function removeEntry(id)
  local json = redis.call("HGET", ENTRIES, id)
  if not json then return false end
  local entry = cjson.decode(json)
  redis.call("HDEL", ENTRIES, id)
  redis.call("ZREM", LINE, id)
  redis.call("ZREM", bucket(entry.gender, entry.preference), id)
  local ai = aiLine(entry)
  if ai then redis.call("ZREM", ai, id) end
  return json
end

local function sharesInterest(interestSet, id)
  local entry = cjson.decode(redis.call("HGET", ENTRIES, id))
  for _, interest in ipairs(entry.interests) do
    if interestSet[interest] then return true end
  end
  return false
end

-- The best candidate of one bucket. A bucket is ordered like choosePartner's tie-break (joinedAt, id),
-- so the first eligible candidate scoring 1 is the bucket's best; without interests on the joiner's
-- side a score of 1 only comes from a long wait, which only older entries have, so the first eligible
-- candidate is the best.
local function bestInBucket(key, joinerId, interestSet, now)
  local fallbackId, fallbackAt = nil, nil
  local start = 0
  while true do
    local page = redis.call("ZRANGE", key, start, start + PAGE - 1, "WITHSCORES")
    if #page == 0 then break end
    for index = 1, #page, 2 do
      local id, joinedAt = page[index], tonumber(page[index + 1])
      if id ~= joinerId and not isExcluded(joinerId, id, now) then
        if now - joinedAt >= INTEREST_WINDOW or (interestSet and sharesInterest(interestSet, id)) then
          return id, joinedAt, 1
        end
        if not fallbackId then
          if not interestSet then return id, joinedAt, 0 end
          fallbackId, fallbackAt = id, joinedAt
        end
      end
    end
    start = start + PAGE
  end
  return fallbackId, fallbackAt, 0
end

-- choosePartner: compatible both ways, not excluded; sharing interests (or having waited past the
-- interest window) first, then the longest wait, then the id
local function choose(joiner, now)
  local interestSet = nil
  if #joiner.interests > 0 then
    interestSet = {}
    for _, interest in ipairs(joiner.interests) do interestSet[interest] = true end
  end
  local bestId, bestAt, bestScore = nil, 0, -1
  for _, gender in ipairs(GENDERS) do
    if accepts(joiner.preference, gender) then
      for _, preference in ipairs(PREFERENCES) do
        if accepts(preference, joiner.gender) then
          local id, joinedAt, score = bestInBucket(bucket(gender, preference), joiner.id, interestSet, now)
          if id and (score > bestScore or (score == bestScore and (joinedAt < bestAt
              or (joinedAt == bestAt and idLess(id, bestId))))) then
            bestId, bestAt, bestScore = id, joinedAt, score
          end
        end
      end
    end
  end
  return bestId
end

-- choose, taking the partner out of the line; a partner whose node is gone is dropped and the next
-- best is tried (each try removes one entry, so this ends). Returns the partner's JSON or nil.
local function takePartner(joiner, now)
  while true do
    local partnerId = choose(joiner, now)
    if not partnerId then return nil end
    local json = removeEntry(partnerId)
    if isAlive(cjson.decode(json)) then return json end
  end
end
`;

/** ARGV: entry JSON, joinedAt (as text, exact), now. Returns the partner's JSON or nil. */
export const JOIN_SCRIPT = luaScript(
  "heartlineRandomChatJoin",
  `${PRELUDE}
local json, joinedAt, now = ARGV[1], ARGV[2], tonumber(ARGV[3])
local joiner = cjson.decode(json)
removeEntry(joiner.id)
local partner = takePartner(joiner, now)
if partner then return partner end
addEntry(joiner, json, joinedAt)
return false
`,
);

/** ARGV: id. Returns 1 when the id was waiting. */
export const LEAVE_SCRIPT = luaScript(
  "heartlineRandomChatLeave",
  `${PRELUDE}
if removeEntry(ARGV[1]) then return 1 end
return 0
`,
);

/**
 * ARGV: a, b, expiry. Never shortens a longer exclusion (a report outlasts a cooldown). Expired
 * exclusions stay until the next sweep, which uses them to know whom to try again.
 */
export const EXCLUDE_SCRIPT = luaScript(
  "heartlineRandomChatExclude",
  `${PRELUDE}
local a, b, expiry = ARGV[1], ARGV[2], ARGV[3]
redis.call("ZADD", EXCLUDED, "GT", expiry, pairKey(a, b), expiry, pairKey(b, a))
return 1
`,
);

/** ARGV: a, b, now. Returns 1 when the pair is kept apart at now. */
export const IS_EXCLUDED_SCRIPT = luaScript(
  "heartlineRandomChatIsExcluded",
  `${PRELUDE}
if isExcluded(ARGV[1], ARGV[2], tonumber(ARGV[3])) then return 1 end
return 0
`,
);

/**
 * ARGV: now, limit. After every join no compatible, non-excluded pair waits, so only people whose
 * exclusion has ended can have become matchable: those are tried, oldest first, each with choosePartner
 * over the whole line (the rule MemoryMatchQueue.sweep follows). The ended exclusions are dropped, at
 * most `limit` of them per call (the earliest ended first), so one call never holds Redis for long.
 * Returns { 1 when more ended exclusions remain, else 0, then the pairs as JSON a, b, a, b… }.
 */
export const SWEEP_SCRIPT = luaScript(
  "heartlineRandomChatSweep",
  `${PRELUDE}
local now = tonumber(ARGV[1])
local ended = redis.call("ZRANGEBYSCORE", EXCLUDED, "-inf", ARGV[1], "LIMIT", 0, tonumber(ARGV[2]))
if #ended == 0 then return { 0 } end
redis.call("ZREM", EXCLUDED, unpack(ended))
local more = 0
if #ended == tonumber(ARGV[2]) then more = 1 end
local freed, seen = {}, {}
for _, key in ipairs(ended) do
  -- "<len(a)>:<a><b>"; both directions are stored, so the first id of each key covers everyone
  local colon = string.find(key, ":", 1, true)
  local length = tonumber(string.sub(key, 1, colon - 1))
  local id = string.sub(key, colon + 1, colon + length)
  local joinedAt = redis.call("ZSCORE", LINE, id)
  if joinedAt and not seen[id] then
    seen[id] = true
    table.insert(freed, { id = id, joinedAt = tonumber(joinedAt) })
  end
end
table.sort(freed, function(x, y)
  if x.joinedAt ~= y.joinedAt then return x.joinedAt < y.joinedAt end
  return idLess(x.id, y.id)
end)
local pairs = { more }
for _, candidate in ipairs(freed) do
  local json = redis.call("HGET", ENTRIES, candidate.id)
  if json and not isAlive(cjson.decode(json)) then
    removeEntry(candidate.id)
  elseif json then
    local partner = takePartner(cjson.decode(json), now)
    if partner then
      removeEntry(candidate.id)
      table.insert(pairs, json)
      table.insert(pairs, partner)
    end
  end
end
return pairs
`,
);

/**
 * ARGV: node id, joinedBefore, limit. The node's waiting entries that allow the AI, joined at or before
 * joinedBefore, oldest first, at most limit (as JSON): a bounded read, never the whole line.
 */
export const LONG_WAITS_SCRIPT = luaScript(
  "heartlineRandomChatLongWaits",
  `${PRELUDE}
local ids = redis.call("ZRANGEBYSCORE", PREFIX .. ":ai-line:" .. ARGV[1], "-inf", ARGV[2], "LIMIT", 0, tonumber(ARGV[3]))
if #ids == 0 then return {} end
local found = {}
for _, json in ipairs(redis.call("HMGET", ENTRIES, unpack(ids))) do
  if json then table.insert(found, json) end
end
return found
`,
);
