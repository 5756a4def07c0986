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
 * and one more by name, shared by every node:
 *   hold-swept        the join time up to which the sweep has tried people whose language hold ended
 *                     (issue #39); absent while the line is empty
 */

export const BUCKETS = GENDERS.flatMap((gender) => PREFERENCES.map((preference) => ({ gender, preference })));

const luaList = (values: readonly string[]): string => `{${values.map((value) => `"${value}"`).join(", ")}}`;

export const PRELUDE = `
local LINE, ENTRIES, EXCLUDED = KEYS[1], KEYS[2], KEYS[3]
local PREFIX = string.sub(LINE, 1, #LINE - #":line")
local GENDERS = ${luaList(GENDERS)}
local PREFERENCES = ${luaList(PREFERENCES)}
-- INTEREST_PRIORITY_WINDOW_MS, which LANGUAGE_PRIORITY_WINDOW_MS is too: one wait ends the language
-- hold and counts as sharing both
local WINDOW = ${INTEREST_PRIORITY_WINDOW_MS}
local HOLD_SWEPT = PREFIX .. ":hold-swept"
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
  -- the sweep's mark of ended language holds means nothing for an empty line: no key is left behind
  if redis.call("ZCARD", LINE) == 0 then redis.call("DEL", HOLD_SWEPT) end
  return json
end

-- a set of a JSON list (nil when the list is absent or empty: nothing to share)
local function setOf(list)
  if type(list) ~= "table" or #list == 0 then return nil end
  local set = {}
  for _, value in ipairs(list) do set[value] = true end
  return set
end

local function sharesAny(set, list)
  if not set or type(list) ~= "table" then return false end
  for _, value in ipairs(list) do
    if set[value] then return true end
  end
  return false
end

-- matchScore, or nil when languageHoldsApart: both gave languages, share none, and neither has waited
-- the window. 2 for a shared language, 1 for a shared interest; a wait past the window counts as both.
local function score(joiner, id, joinedAt, now)
  if now - joinedAt >= WINDOW then return 3 end
  if not joiner.languageSet and not joiner.interestSet then return 0 end
  local entry = cjson.decode(redis.call("HGET", ENTRIES, id))
  local result = 0
  if sharesAny(joiner.languageSet, entry.languages) then
    result = result + 2
  elseif joiner.languageSet and joiner.fresh and type(entry.languages) == "table" and #entry.languages > 0 then
    return nil
  end
  if sharesAny(joiner.interestSet, entry.interests) then result = result + 1 end
  return result
end

-- The best candidate of one bucket. A bucket is ordered like choosePartner's tie-break (joinedAt, id),
-- so the first eligible candidate of each score is that score's best. A later (newer) candidate beats
-- an earlier one only by sharing more: sharing earns at most the joiner's top score (what its languages
-- and interests can earn), and the long wait that earns 3 only older entries have. So the first one
-- reaching the top score is the bucket's best; for a joiner without languages or interests (top 0),
-- the first eligible candidate. A candidate the language hold keeps apart is not eligible.
local function bestInBucket(key, joiner, now)
  local bestId, bestAt, bestScore = nil, nil, -1
  local start = 0
  while true do
    local page = redis.call("ZRANGE", key, start, start + PAGE - 1, "WITHSCORES")
    if #page == 0 then break end
    for index = 1, #page, 2 do
      local id, joinedAt = page[index], tonumber(page[index + 1])
      if id ~= joiner.id and not isExcluded(joiner.id, id, now) then
        local candidateScore = score(joiner, id, joinedAt, now)
        if candidateScore and candidateScore >= joiner.topScore then return id, joinedAt, candidateScore end
        if candidateScore and candidateScore > bestScore then
          bestId, bestAt, bestScore = id, joinedAt, candidateScore
        end
      end
    end
    start = start + PAGE
  end
  return bestId, bestAt, bestScore
end

-- choosePartner: compatible both ways, not excluded, not held apart by languages; the best matchScore (a shared language, then a
-- shared interest; a wait past a window counts as sharing), then the longest wait, then the id
local function choose(joiner, now)
  joiner.languageSet = setOf(joiner.languages)
  joiner.interestSet = setOf(joiner.interests)
  joiner.fresh = now - tonumber(joiner.joinedAt) < WINDOW
  joiner.topScore = 0
  if joiner.languageSet then joiner.topScore = joiner.topScore + 2 end
  if joiner.interestSet then joiner.topScore = joiner.topScore + 1 end
  local bestId, bestAt, bestScore = nil, 0, -1
  for _, gender in ipairs(GENDERS) do
    if accepts(joiner.preference, gender) then
      for _, preference in ipairs(PREFERENCES) do
        if accepts(preference, joiner.gender) then
          local id, joinedAt, candidateScore = bestInBucket(bucket(gender, preference), joiner, now)
          if id and (candidateScore > bestScore or (candidateScore == bestScore and (joinedAt < bestAt
              or (joinedAt == bestAt and idLess(id, bestId))))) then
            bestId, bestAt, bestScore = id, joinedAt, candidateScore
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
 * ARGV: now, limit, holdEnd (now - LANGUAGE_PRIORITY_WINDOW_MS). After every join no two people
 * acceptable to each other wait, so only two kinds can have become matchable: people whose exclusion
 * has ended, and people with languages whose join time crossed holdEnd since the last sweep (their
 * language hold ended; `hold-swept` keeps the join time reached, shared by every node). Those are tried,
 * oldest first, each with choosePartner over the whole line (the rule MemoryMatchQueue.sweep follows).
 * At most `limit` ended exclusions (the earliest ended first) and about `limit` crossed joins per call,
 * so one call never holds Redis for long.
 * Returns { 1 when more remain, else 0, then the pairs as JSON a, b, a, b… }.
 */
export const SWEEP_SCRIPT = luaScript(
  "heartlineRandomChatSweep",
  `${PRELUDE}
local now, limit, holdEnd = tonumber(ARGV[1]), tonumber(ARGV[2]), ARGV[3]
local more = 0
local freed, seen = {}, {}
local function free(id, joinedAt, held)
  if joinedAt and not seen[id] then
    seen[id] = true
    table.insert(freed, { id = id, joinedAt = tonumber(joinedAt), held = held })
  end
end
local ended = redis.call("ZRANGEBYSCORE", EXCLUDED, "-inf", ARGV[1], "LIMIT", 0, limit)
if #ended > 0 then redis.call("ZREM", EXCLUDED, unpack(ended)) end
if #ended == limit then more = 1 end
for _, key in ipairs(ended) do
  -- "<len(a)>:<a><b>"; both directions are stored, so the first id of each key covers everyone
  local colon = string.find(key, ":", 1, true)
  local length = tonumber(string.sub(key, 1, colon - 1))
  local id = string.sub(key, colon + 1, colon + length)
  free(id, redis.call("ZSCORE", LINE, id), false)
end
-- joins whose language hold ended since the last sweep: (hold-swept, holdEnd], a page at a time; a page
-- ends after every join of its last join time, so the next one starts past it and skips nobody
local swept = redis.call("GET", HOLD_SWEPT)
if not swept or tonumber(swept) < tonumber(holdEnd) then
  local from = "-inf"
  if swept then from = "(" .. swept end
  local crossed = redis.call("ZRANGEBYSCORE", LINE, from, holdEnd, "WITHSCORES", "LIMIT", 0, limit)
  local reached = holdEnd
  if #crossed == 2 * limit then
    more = 1
    reached = crossed[#crossed]
    local last = redis.call("ZRANGEBYSCORE", LINE, reached, reached, "WITHSCORES")
    for index = 1, #last, 2 do table.insert(crossed, last[index]) table.insert(crossed, last[index + 1]) end
  end
  for index = 1, #crossed, 2 do free(crossed[index], crossed[index + 1], true) end
  redis.call("SET", HOLD_SWEPT, reached)
end
-- an empty line needs no mark (the next sweep then starts from the oldest join again: a few extra tries)
local function finish(reply)
  if redis.call("ZCARD", LINE) == 0 then redis.call("DEL", HOLD_SWEPT) end
  return reply
end
if #freed == 0 then return finish({ more }) end
table.sort(freed, function(x, y)
  if x.joinedAt ~= y.joinedAt then return x.joinedAt < y.joinedAt end
  return idLess(x.id, y.id)
end)
local pairs = { more }
for _, candidate in ipairs(freed) do
  local json = redis.call("HGET", ENTRIES, candidate.id)
  local entry = json and cjson.decode(json)
  if entry and not isAlive(entry) then
    removeEntry(candidate.id)
  elseif entry and (not candidate.held or (type(entry.languages) == "table" and #entry.languages > 0)) then
    local partner = takePartner(entry, now)
    if partner then
      removeEntry(candidate.id)
      table.insert(pairs, json)
      table.insert(pairs, partner)
    end
  end
end
return finish(pairs)
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
