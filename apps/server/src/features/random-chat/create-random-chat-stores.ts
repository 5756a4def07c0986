import { CHAT_MESSAGE_RATE_LIMIT, CHAT_MESSAGE_RATE_WINDOW_MS } from "@heartline/shared";
import type { RateLimiterAbstract } from "rate-limiter-flexible";
import { createRateLimiter } from "../../lib/rate-limiter";
import type { RedisClient } from "../../lib/redis-client";
import { type LineJoin, StepwiseLineJoin } from "./line-join";
import type { MatchQueue } from "./match-queue";
import { MemoryMatchQueue } from "./memory-match-queue";
import { MemoryPairStore } from "./memory-pair-store";
import { NODE_HEARTBEAT_TTL_MS } from "./node-heartbeat";
import type { PairStore } from "./pair-store";
import { RedisLineJoin } from "./redis-line-join";
import { RedisMatchQueue } from "./redis-match-queue";
import { RedisPairStore } from "./redis-pair-store";

export interface RandomChatStores {
  queue: MatchQueue;
  pairs: PairStore;
  /** `join` and `next` in one step over `queue` and `pairs`. */
  line: LineJoin;
  messageLimiter: RateLimiterAbstract;
  /** Whether other nodes share these (Redis). */
  isShared: boolean;
}

export interface CreateRandomChatStoresOptions {
  /** Shared line, pairs and limits across nodes when present (REDIS_URL), this process only otherwise. */
  redis: RedisClient | null;
  clock?: () => number;
}

export function createRandomChatStores({ redis, clock }: CreateRandomChatStoresOptions): RandomChatStores {
  const at = clock ? { clock } : {};
  const messageLimiter = createRateLimiter({
    redis,
    name: "chat",
    points: CHAT_MESSAGE_RATE_LIMIT,
    durationSeconds: CHAT_MESSAGE_RATE_WINDOW_MS / 1_000,
  });
  if (redis) {
    return {
      queue: new RedisMatchQueue({ redis, ...at }),
      pairs: new RedisPairStore({ redis, ...at }),
      line: new RedisLineJoin({ redis, heartbeatTtlMs: NODE_HEARTBEAT_TTL_MS }),
      messageLimiter,
      isShared: true,
    };
  }
  const queue = new MemoryMatchQueue(at);
  const pairs = new MemoryPairStore(at);
  return {
    queue,
    pairs,
    line: new StepwiseLineJoin(queue, pairs),
    messageLimiter,
    isShared: false,
  };
}
