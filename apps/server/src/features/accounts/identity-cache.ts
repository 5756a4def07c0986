import { createHash } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { SessionLookupSource } from "../../lib/metrics";
import type { RedisClient } from "../../lib/redis-client";
import { withTimeout } from "../../lib/with-timeout";
import type { HeartlineServer } from "../../realtime/types";

/**
 * How long Better Auth's answer for one Cookie header stands in for another `getSession` (ADR 0022):
 * the bound on a stale answer should a node miss an eviction (cut off from Redis, or from PostgreSQL's
 * `LISTEN` for `npm run admin`'s changes, when it was sent). Better Auth's own session
 * cache (`session.cookieCache`) defaults to the same 5 minutes, and is never evicted at all.
 */
export const IDENTITY_TTL_MS = 5 * 60_000;
/** Entries kept at most (~0.25 KB each); past it the oldest go first. */
const MAX_ENTRIES = 50_000;
/** How long a node waits for the others to drop their copies before a revocation is answered anyway. */
const CLUSTER_FORGET_TIMEOUT_MS = 2_000;

/** What Better Auth said of a Cookie header: the identity, whose it is and when its session ends. */
export interface VerifiedIdentity<T> {
  identity: T;
  userId: string;
  sessionExpiresAt: number;
}

interface Entry<T> {
  identity: T;
  userId: string;
  /** `version` when the read that produced it started: a `forget` of its user since makes it void. */
  version: number;
  expiresAt: number;
}

export interface IdentityCacheOptions {
  io: HeartlineServer;
  /** With Redis, other nodes cache too: they are told of every change, and nothing is cached while cut off. */
  redis: RedisClient | null;
  log: FastifyBaseLogger;
  /** Counts each lookup by where it was answered (the `heartline_socket_session_lookups_total` metric). */
  onLookup?: (source: SessionLookupSource) => void;
  clock?: () => number;
  ttlMs?: number;
}

/**
 * The socket handshake's identity, remembered per node for `IDENTITY_TTL_MS` (issue #35, bench B4: a
 * reconnection storm paid Better Auth's `getSession` once per socket, half of its CPU). Keyed by a hash
 * of the whole Cookie header, so an entry answers only the exact input Better Auth verified; a miss, a
 * failed read or no session goes to Better Auth as before, and nothing but its answer is stored.
 *
 * Every change to who a user is or whether a session lives (sign-out, password change or reset,
 * verification, deletion, role change, a guest's upgrade) calls `forget` after its commit and before it
 * is answered or closes any socket: this node at once and every other node before the answer
 * (`serverSideEmitWithAck`). With Redis down a node can hear of none, so it caches nothing then and
 * starts empty once Redis is back; reads never wait for Redis. HTTP requests always ask Better Auth.
 */
export class IdentityCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  /** Users forgotten within the last TTL → the `version` of that forget (older ones void no entry). */
  private readonly forgotten = new Map<string, { version: number; at: number }>();
  private version = 0;
  private readonly clock: () => number;
  private readonly ttlMs: number;

  constructor(private readonly options: IdentityCacheOptions) {
    this.clock = options.clock ?? Date.now;
    this.ttlMs = options.ttlMs ?? IDENTITY_TTL_MS;
    const { io, redis } = options;
    if (!redis) return;
    io.on("identity_changed", (userId, done) => {
      this.forgetHere(userId);
      done();
    });
    // Evictions sent while this node was cut off may never arrive: what it knew before is dropped.
    redis.on("ready", () => this.clear());
  }

  /** The identity for `cookie`: remembered, or `read` from Better Auth (and remembered if it has one). */
  async lookup(cookie: string, read: () => Promise<VerifiedIdentity<T> | null>): Promise<T | null> {
    const key = createHash("sha256").update(cookie).digest("base64");
    const now = this.clock();
    const isListening = this.isListening();
    if (!isListening) this.entries.clear();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > now && !this.isVoid(hit)) {
      this.options.onLookup?.("cache");
      return hit.identity;
    }
    if (hit) this.entries.delete(key);
    this.options.onLookup?.("better_auth");
    const version = this.version;
    const verified = await read();
    if (!verified || !isListening || !this.isListening()) return verified?.identity ?? null;
    const entry = {
      identity: verified.identity,
      userId: verified.userId,
      version,
      expiresAt: Math.min(now + this.ttlMs, verified.sessionExpiresAt),
    };
    // A forget while Better Auth was reading: what it read may predate the change.
    if (!this.isVoid(entry)) this.remember(key, entry);
    return verified.identity;
  }

  /**
   * The user's sessions or identity changed (called after the commit): this node and every other drop
   * what they remember of the user before the change is answered.
   */
  async forget(userId: string): Promise<void> {
    this.forgetHere(userId);
    const { io, redis, log } = this.options;
    if (!redis) return;
    const confirmed = withTimeout(
      io.serverSideEmitWithAck("identity_changed", userId),
      CLUSTER_FORGET_TIMEOUT_MS,
      "another node did not drop a changed identity in time",
    ).catch((error: unknown) =>
      log.warn({ err: error, userId }, "identity change not confirmed by every node"),
    );
    // Cut off, no node hears it now; those that are cut off too cache nothing meanwhile.
    if (redis.isReady) await confirmed;
  }

  /** Drops what this node remembers of the user (each node hears the change for itself). */
  forgetHere(userId: string): void {
    this.version += 1;
    const now = this.clock();
    // Re-inserted at the end: the map stays in the order of the forgets, the oldest first.
    this.forgotten.delete(userId);
    this.forgotten.set(userId, { version: this.version, at: now });
    for (const [id, { at }] of this.forgotten) {
      if (now - at < this.ttlMs) break;
      this.forgotten.delete(id);
    }
  }

  /** Drops everything remembered (changes may have been missed). */
  clear(): void {
    this.entries.clear();
  }

  private isVoid(entry: Entry<T>): boolean {
    const forgotten = this.forgotten.get(entry.userId);
    return forgotten !== undefined && forgotten.version > entry.version;
  }

  /** Evictions reach this node (no Redis: there is no other node; with Redis: while it is connected). */
  private isListening(): boolean {
    return this.options.redis === null || this.options.redis.isReady;
  }

  /**
   * A hit never extends an entry's life, so the map's order (of insertion) is the order of expiry: the
   * expired and, past `MAX_ENTRIES`, the oldest are at the front.
   */
  private remember(key: string, entry: Entry<T>): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
    const now = this.clock();
    for (const [oldKey, old] of this.entries) {
      if (this.entries.size <= MAX_ENTRIES && old.expiresAt > now) break;
      this.entries.delete(oldKey);
    }
  }
}
