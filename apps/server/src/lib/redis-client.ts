import type { createClient } from "redis";

/**
 * The Redis client every shared store takes, below the plugin that connects it (plugins/redis.ts), so
 * lib/, realtime/ and the features name the type without importing a plugin.
 */
export type RedisClient = ReturnType<typeof createClient>;
