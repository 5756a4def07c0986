import { type CommandParser, defineScript, type RedisScripts } from "redis";
import type { RedisClient } from "./redis-client";

/**
 * Our Lua scripts, run by node-redis's own script support (`defineScript`): a script is a method of the
 * client, sent with EVALSHA (only the 40-byte digest travels on each call) and, when Redis answers
 * NOSCRIPT (its script cache is emptied on restart or SCRIPT FLUSH), once with EVAL, which caches it
 * again. node-redis attaches scripts when a client is created, so each script defined here is
 * registered once at load time under its name, and `connectRedis` creates the client with all of
 * them (`redisLuaScripts()`).
 */
const registered: Record<string, ReturnType<typeof defineLuaScript>> = {};

function defineLuaScript(source: string) {
  return defineScript({
    SCRIPT: source,
    parseCommand(parser: CommandParser, keys: readonly string[], args: readonly string[]) {
      parser.pushKeysLength([...keys]);
      parser.push(...args);
    },
    transformReply: (reply: unknown) => reply,
  });
}

type ScriptMethod = (keys: readonly string[], args: readonly string[]) => Promise<unknown>;

export interface RedisLuaScript {
  readonly name: string;
  /** Runs the script with its KEYS and ARGV on a client created with `redisLuaScripts()`. */
  run(redis: RedisClient, keys: readonly string[], args: readonly string[]): Promise<unknown>;
}

/** A Lua script taking KEYS and ARGV, registered under `name` (unique; not a Redis command's name). */
export function luaScript(name: string, source: string): RedisLuaScript {
  if (name in registered) throw new Error(`a Redis script named ${name} is already defined`);
  registered[name] = defineLuaScript(source);
  return {
    name,
    run(redis, keys, args) {
      const method = (redis as unknown as Record<string, ScriptMethod | undefined>)[name];
      if (typeof method !== "function") {
        return Promise.reject(new Error(`the Redis client was created without the script ${name}`));
      }
      return method.call(redis, keys, args);
    },
  };
}

/** Every script defined so far: the `scripts` option of each Redis client that runs them. */
export function redisLuaScripts(): RedisScripts {
  return { ...registered };
}
