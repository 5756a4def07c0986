import type { FastifyBaseLogger } from "fastify";
import type { RedisClient } from "./redis-client";
import { luaScript } from "./redis-lua-script";

/**
 * Adds each key's points and starts its window when the key is new; answers, per key, the points
 * counted in the window and the milliseconds left in it. KEYS: the counters; ARGV: per key, its points
 * then its window in milliseconds.
 */
const COUNT_SCRIPT = luaScript(
  "heartlineSharedLimitCounts",
  `
local answers = {}
for index, key in ipairs(KEYS) do
  local points = tonumber(ARGV[index * 2 - 1])
  local windowMs = tonumber(ARGV[index * 2])
  local counted = redis.call('INCRBY', key, points)
  local left = redis.call('PTTL', key)
  if left < 0 then
    redis.call('PEXPIRE', key, windowMs)
    left = windowMs
  end
  answers[index * 2 - 1] = counted
  answers[index * 2] = left
end
return answers
`,
);

/** One counter's points for a turn: which key, how many, over which window. */
export interface SharedCount {
  key: string;
  points: number;
  windowMs: number;
}

/** What the shared store counted for a key once its turn's points were added. */
export interface SharedCountAnswer {
  counted: number;
  msLeft: number;
}

interface Pending extends SharedCount {
  answers: Array<(answer: SharedCountAnswer | null) => void>;
}

/**
 * The shared counts of every per-user limit (`LocalFirstLimiter`), sent to Redis once per event-loop turn
 * in one script call, not one command per event (issue #16, bench B3 on two nodes: the limits' EVALs,
 * each carrying its script's text, were one of the three commands per join, and writes to Redis a third
 * of the nodes' CPU). A key's points of one turn are added together. Counts are kept in the same keys
 * and windows as rate-limiter-flexible's `RateLimiterRedis` (`<prefix>:<key>`, fixed window from the
 * first point), so the limits' Redis state reads the same.
 */
export class SharedLimitCounts {
  private pending = new Map<string, Pending>();
  private isScheduled = false;

  constructor(
    private readonly redis: RedisClient,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Counts `points` for `key` with this turn's others; null when the store did not answer. */
  count(entry: SharedCount): Promise<SharedCountAnswer | null> {
    return new Promise((resolve) => {
      const waiting = this.pending.get(entry.key);
      if (waiting) {
        waiting.points += entry.points;
        waiting.answers.push(resolve);
      } else {
        this.pending.set(entry.key, { ...entry, answers: [resolve] });
      }
      if (this.isScheduled) return;
      this.isScheduled = true;
      setImmediate(() => void this.flush());
    });
  }

  private async flush(): Promise<void> {
    const batch = [...this.pending.values()];
    this.pending = new Map();
    this.isScheduled = false;
    // Redis known to be down: not counted there (its client would queue the command for the outage).
    if (!this.redis.isReady) {
      for (const entry of batch) for (const answer of entry.answers) answer(null);
      return;
    }
    try {
      const reply = (await COUNT_SCRIPT.run(
        this.redis,
        batch.map((entry) => entry.key),
        batch.flatMap((entry) => [String(entry.points), String(entry.windowMs)]),
      )) as number[];
      for (const [index, entry] of batch.entries()) {
        const answer = { counted: Number(reply[index * 2]), msLeft: Number(reply[index * 2 + 1]) };
        for (const settle of entry.answers) settle(answer);
      }
    } catch (error) {
      // The shared store failed: each node's own count still holds.
      this.log.warn({ err: error }, "shared rate-limit store failed");
      for (const entry of batch) for (const answer of entry.answers) answer(null);
    }
  }
}
