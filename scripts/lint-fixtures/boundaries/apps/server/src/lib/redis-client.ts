export type RedisClient = { ping(): Promise<string> };
