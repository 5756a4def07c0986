import { createHash } from "node:crypto";
import type { RedisClient } from "./redis-client";

/**
 * A Lua script run with EVALSHA (only the 40-byte digest travels on each call). Redis forgets its
 * script cache on restart or SCRIPT FLUSH; the NOSCRIPT answer then falls back to EVAL once, which
 * caches the script again.
 */
export class RedisScript {
  readonly sha: string;

  constructor(readonly source: string) {
    this.sha = createHash("sha1").update(source).digest("hex");
  }

  async run(redis: RedisClient, keys: readonly string[], args: readonly string[]): Promise<unknown> {
    const options = { keys: [...keys], arguments: [...args] };
    try {
      return await redis.evalSha(this.sha, options);
    } catch (error) {
      if (!isNoScriptError(error)) throw error;
      return redis.eval(this.source, options);
    }
  }
}

function isNoScriptError(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith("NOSCRIPT");
}
