import type { FastifyBaseLogger } from "fastify";
import { describe, expect, it } from "vitest";
import type { RedisClient } from "../../lib/redis-client";
import type { HeartlineServer } from "../../realtime/types";
import { IDENTITY_TTL_MS, IdentityCache, type VerifiedIdentity } from "./identity-cache";

const silent = { warn: () => undefined } as unknown as FastifyBaseLogger;

/** A node's view of the cluster: the handlers it registered, the evictions it sent, Redis's state. */
function fakeCluster(isReady = true) {
  const handlers = new Map<string, (...args: unknown[]) => void>();
  const sent: string[] = [];
  const redisHandlers = new Map<string, () => void>();
  const io = {
    on: (event: string, handler: (...args: unknown[]) => void) => handlers.set(event, handler),
    serverSideEmitWithAck: async (_event: string, userId: string) => {
      sent.push(userId);
      return [];
    },
  };
  const redis = {
    isReady,
    on: (event: string, handler: () => void) => redisHandlers.set(event, handler),
  };
  return {
    io: io as unknown as HeartlineServer,
    redis: redis as unknown as RedisClient & { isReady: boolean },
    sent,
    /** Another node's eviction arriving. */
    receive: (userId: string) => handlers.get("identity_changed")?.(userId, () => undefined),
    reconnected: () => redisHandlers.get("ready")?.(),
  };
}

function counted(identity = "alice") {
  let reads = 0;
  let expiresAt = Number.POSITIVE_INFINITY;
  return {
    get reads() {
      return reads;
    },
    endSessionAt(at: number) {
      expiresAt = at;
    },
    read: async (): Promise<VerifiedIdentity<string>> => {
      reads += 1;
      return { identity, userId: identity, sessionExpiresAt: expiresAt };
    },
  };
}

describe("IdentityCache (ADR 0022)", () => {
  it("asks Better Auth once per cookie and answers the same cookie from memory, another cookie not", async () => {
    const cache = new IdentityCache<string>({ io: fakeCluster().io, redis: null, log: silent });
    const alice = counted();
    expect(await cache.lookup("a=1", alice.read)).toBe("alice");
    expect(await cache.lookup("a=1", alice.read)).toBe("alice");
    expect(await cache.lookup("a=1; other=2", alice.read)).toBe("alice");
    expect(alice.reads).toBe(2);
  });

  it("remembers neither a refusal nor a failed read", async () => {
    const cache = new IdentityCache<string>({ io: fakeCluster().io, redis: null, log: silent });
    let reads = 0;
    const refused = async () => {
      reads += 1;
      return null;
    };
    expect(await cache.lookup("a=1", refused)).toBeNull();
    expect(await cache.lookup("a=1", refused)).toBeNull();
    await expect(cache.lookup("b=1", () => Promise.reject(new Error("database down")))).rejects.toThrow();
    expect(reads).toBe(2);
  });

  it("forgets a user at once, and does not keep what a read in flight during the forget returned", async () => {
    const cache = new IdentityCache<string>({ io: fakeCluster().io, redis: null, log: silent });
    const alice = counted();
    await cache.lookup("a=1", alice.read);
    await cache.forget("alice");
    let release: () => void = () => undefined;
    const slow = async () => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return alice.read();
    };
    const inFlight = cache.lookup("a=1", slow);
    await cache.forget("alice");
    release();
    expect(await inFlight).toBe("alice");
    await cache.lookup("a=1", alice.read);
    expect(alice.reads).toBe(3);
  });

  it("asks again once the entry's time or the session is over", async () => {
    let now = 1_000;
    const cache = new IdentityCache<string>({
      io: fakeCluster().io,
      redis: null,
      log: silent,
      clock: () => now,
    });
    const alice = counted();
    await cache.lookup("a=1", alice.read);
    now += IDENTITY_TTL_MS;
    await cache.lookup("a=1", alice.read);
    alice.endSessionAt(now + 10);
    await cache.lookup("b=1", alice.read);
    await cache.lookup("b=1", alice.read);
    now += 10;
    await cache.lookup("b=1", alice.read);
    expect(alice.reads).toBe(4);
  });

  it("tells the other nodes, and forgets what another node announces", async () => {
    const cluster = fakeCluster();
    const cache = new IdentityCache<string>({ io: cluster.io, redis: cluster.redis, log: silent });
    const alice = counted();
    await cache.forget("bob");
    expect(cluster.sent).toEqual(["bob"]);
    await cache.lookup("a=1", alice.read);
    cluster.receive("alice");
    await cache.lookup("a=1", alice.read);
    expect(alice.reads).toBe(2);
  });

  it("remembers nothing while cut off from Redis, and starts empty once it is back", async () => {
    const cluster = fakeCluster(false);
    const cache = new IdentityCache<string>({ io: cluster.io, redis: cluster.redis, log: silent });
    const alice = counted();
    await cache.lookup("a=1", alice.read);
    await cache.lookup("a=1", alice.read);
    expect(alice.reads).toBe(2);
    cluster.redis.isReady = true;
    await cache.lookup("a=1", alice.read);
    await cache.lookup("a=1", alice.read);
    expect(alice.reads).toBe(3);
    // Back after an outage whose evictions may be lost: what was known before is not trusted.
    cluster.reconnected();
    await cache.lookup("a=1", alice.read);
    expect(alice.reads).toBe(4);
  });
});
