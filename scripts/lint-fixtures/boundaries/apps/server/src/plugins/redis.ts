import type { RedisClient } from "../lib/redis-client"; // allowed: a plugin builds on lib/

export const connect = (client: RedisClient) => client;
