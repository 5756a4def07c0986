import { randomBytes } from "node:crypto";
import { createClient } from "redis";
import { afterAll, beforeAll } from "vitest";
import type { RedisClient } from "../../src/lib/redis-client";
import { redisLuaScripts } from "../../src/lib/redis-lua-script";

export const REDIS_URL = process.env.REDIS_URL;

/** A connected client and a key namespace of its own, so concurrent runs never see each other's keys. */
export interface RedisTestContext {
  redis: RedisClient;
  /** A fresh `heartline:rc:test:<random>` prefix per call. */
  freshPrefix(): string;
  /** Deletes every key under the prefixes handed out, then disconnects. */
  close(): Promise<void>;
}

export async function connectTestRedis(url: string): Promise<RedisTestContext> {
  // As the server's client: with every Lua script of the modules loaded so far (the test's stores).
  const redis: RedisClient = createClient({ url, scripts: redisLuaScripts() });
  await redis.connect();
  const prefixes: string[] = [];
  return {
    redis,
    freshPrefix: () => {
      const prefix = `heartline:rc:test:${randomBytes(6).toString("hex")}`;
      prefixes.push(prefix);
      return prefix;
    },
    close: async () => {
      for (const prefix of prefixes) await deleteKeys(redis, `${prefix}:*`);
      await redis.close();
    },
  };
}

/** A test Redis for the enclosing suite: connected before its tests, cleaned and closed after them. */
export function useTestRedis(): () => RedisTestContext {
  let context: RedisTestContext | undefined;
  beforeAll(async () => {
    context = await connectTestRedis(REDIS_URL ?? "");
  });
  afterAll(async () => {
    await context?.close();
  });
  return () => {
    if (!context) throw new Error("the test Redis is not connected yet");
    return context;
  };
}

export async function deleteKeys(redis: RedisClient, pattern: string): Promise<void> {
  const found: string[] = [];
  for await (const keys of redis.scanIterator({ MATCH: pattern, COUNT: 500 })) found.push(...keys);
  if (found.length > 0) await redis.del(found);
}

export async function countKeys(redis: RedisClient, pattern: string): Promise<number> {
  let count = 0;
  for await (const keys of redis.scanIterator({ MATCH: pattern, COUNT: 500 })) count += keys.length;
  return count;
}

/** The client with every command method counted (each call of the node-redis client is one command). */
export function countingClient(redis: RedisClient): { client: RedisClient; commands: string[] } {
  const commands: string[] = [];
  const client = new Proxy(redis, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        commands.push(String(property));
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { client, commands };
}
