import { CHAT_MESSAGE_RATE_LIMIT, CHAT_MESSAGE_RATE_WINDOW_MS } from "@heartline/shared";
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis } from "rate-limiter-flexible";
import type { RedisClient } from "../../plugins/redis";
import type { MatchQueue } from "./match-queue";
import { MemoryMatchQueue } from "./memory-match-queue";
import { MemoryPairStore } from "./memory-pair-store";
import type { PairStore } from "./pair-store";
import { RedisMatchQueue } from "./redis-match-queue";
import { RedisPairStore } from "./redis-pair-store";

/** ARCHITECTURE §7: reports are rate limited per reporter. */
export const REPORT_RATE_LIMIT = 5;
export const REPORT_RATE_WINDOW_MS = 60 * 60_000;

export interface RandomChatStores {
  queue: MatchQueue;
  pairs: PairStore;
  messageLimiter: RateLimiterAbstract;
  reportLimiter: RateLimiterAbstract;
  /** Whether other nodes share these (Redis). */
  isShared: boolean;
}

export interface CreateRandomChatStoresOptions {
  /** Shared line, pairs and limits across nodes when present (REDIS_URL), this process only otherwise. */
  redis: RedisClient | null;
  clock?: () => number;
}

export function createRandomChatStores({ redis, clock }: CreateRandomChatStoresOptions): RandomChatStores {
  const limits = {
    message: { points: CHAT_MESSAGE_RATE_LIMIT, duration: CHAT_MESSAGE_RATE_WINDOW_MS / 1_000 },
    report: { points: REPORT_RATE_LIMIT, duration: REPORT_RATE_WINDOW_MS / 1_000 },
  };
  if (redis) {
    const shared = { storeClient: redis, useRedisPackage: true };
    return {
      queue: new RedisMatchQueue({ redis, ...(clock ? { clock } : {}) }),
      pairs: new RedisPairStore({ redis, ...(clock ? { clock } : {}) }),
      messageLimiter: new RateLimiterRedis({ ...shared, ...limits.message, keyPrefix: "heartline:rl:chat" }),
      reportLimiter: new RateLimiterRedis({ ...shared, ...limits.report, keyPrefix: "heartline:rl:report" }),
      isShared: true,
    };
  }
  return {
    queue: new MemoryMatchQueue({ ...(clock ? { clock } : {}) }),
    pairs: new MemoryPairStore({ ...(clock ? { clock } : {}) }),
    messageLimiter: new RateLimiterMemory(limits.message),
    reportLimiter: new RateLimiterMemory(limits.report),
    isShared: false,
  };
}
