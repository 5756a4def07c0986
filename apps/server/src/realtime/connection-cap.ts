import { SERVER_MESSAGES } from "@heartline/shared";
import type { FastifyBaseLogger } from "fastify";
import { clientIpOf, type TrustFunction } from "../lib/client-ip";
import { LIMIT_STORE_TIMEOUT_MS } from "../lib/rate-limiter";
import type { RedisClient } from "../lib/redis-client";
import { withTimeout } from "../lib/with-timeout";
import type { HeartlineServer, HeartlineSocket } from "./types";

/** A socket's slot expires unless its node renews it: a crashed node's sockets stop counting. */
export const SLOT_TTL_MS = 120_000;
const RENEW_EVERY_MS = SLOT_TTL_MS / 3;

/**
 * Open sockets per client IP, shared by every node: one slot per socket, with an expiry renewed while
 * the socket lives. Memory for one process, a Redis sorted set per IP (member: socket id) otherwise.
 */
export interface ConnectionSlots {
  /** Takes a slot for `socketId` unless `ip` already holds `max`. */
  acquire(ip: string, socketId: string, max: number, now: number): Promise<boolean>;
  release(ip: string, socketId: string): Promise<void>;
  /** Renews the live sockets' slots. */
  renew(slots: ReadonlyMap<string, string>, now: number): Promise<void>;
}

export class MemoryConnectionSlots implements ConnectionSlots {
  private readonly byIp = new Map<string, Map<string, number>>();

  async acquire(ip: string, socketId: string, max: number, now: number): Promise<boolean> {
    const slots = this.byIp.get(ip) ?? new Map<string, number>();
    // Expired slots (sockets that were never released; renewals keep the live ones) are looked for only
    // at the cap, where they matter: a scan on every handshake made a storm from one address (a NAT, a
    // campus) quadratic (bench B4: 5,000 sockets from 127.0.0.1 spent ~0.1 ms each in this loop).
    if (slots.size >= max) for (const [id, expiresAt] of slots) if (expiresAt <= now) slots.delete(id);
    if (slots.size >= max) return false;
    slots.set(socketId, now + SLOT_TTL_MS);
    this.byIp.set(ip, slots);
    return true;
  }

  async release(ip: string, socketId: string): Promise<void> {
    const slots = this.byIp.get(ip);
    slots?.delete(socketId);
    if (slots?.size === 0) this.byIp.delete(ip);
  }

  async renew(live: ReadonlyMap<string, string>, now: number): Promise<void> {
    for (const [socketId, ip] of live) this.byIp.get(ip)?.set(socketId, now + SLOT_TTL_MS);
  }
}

const ACQUIRE_SCRIPT = `
redis.call("ZREMRANGEBYSCORE", KEYS[1], "-inf", ARGV[1])
if redis.call("ZCARD", KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
redis.call("ZADD", KEYS[1], ARGV[2], ARGV[4])
redis.call("PEXPIRE", KEYS[1], ARGV[5])
return 1`;

export class RedisConnectionSlots implements ConnectionSlots {
  constructor(private readonly redis: RedisClient) {}

  async acquire(ip: string, socketId: string, max: number, now: number): Promise<boolean> {
    const result = await this.redis.eval(ACQUIRE_SCRIPT, {
      keys: [keyOf(ip)],
      arguments: [String(now), String(now + SLOT_TTL_MS), String(max), socketId, String(SLOT_TTL_MS)],
    });
    return result === 1;
  }

  async release(ip: string, socketId: string): Promise<void> {
    await this.redis.zRem(keyOf(ip), socketId);
  }

  async renew(live: ReadonlyMap<string, string>, now: number): Promise<void> {
    if (live.size === 0) return;
    const batch = this.redis.multi();
    for (const [socketId, ip] of live) {
      batch.zAdd(keyOf(ip), { score: now + SLOT_TTL_MS, value: socketId }, { XX: true });
      batch.pExpire(keyOf(ip), SLOT_TTL_MS);
    }
    await batch.exec();
  }
}

function keyOf(ip: string): string {
  return `heartline:conn:${ip}`;
}

export interface ConnectionCapOptions {
  io: HeartlineServer;
  redis: RedisClient | null;
  trust: TrustFunction;
  /** Concurrent sockets allowed per client IP (across nodes). */
  maxPerIp: number;
  log: FastifyBaseLogger;
}

/**
 * The handshake's per-IP cap (the first `io.use`): over it the socket is refused with a
 * `connect_error` saying why. The IP is resolved as Fastify resolves `request.ip` (`TRUST_PROXY`).
 */
const CAP_TIMEOUT = "the connection cap store did not answer";

export function installConnectionCap(options: ConnectionCapOptions): { stop(): void } {
  const { io, maxPerIp, log } = options;
  const slots: ConnectionSlots = options.redis
    ? new RedisConnectionSlots(options.redis)
    : new MemoryConnectionSlots();
  /** This node's sockets holding a slot: socket id → IP. */
  const live = new Map<string, string>();
  /** Sockets past the cap but not yet connected: what gives their slot back if they never connect. */
  const pending = new Map<string, () => void>();
  const release = (socketId: string): void => {
    pending.delete(socketId);
    const ip = live.get(socketId);
    if (ip === undefined) return;
    live.delete(socketId);
    slots.release(ip, socketId).catch((error: unknown) => log.warn({ err: error }, "slot release failed"));
  };

  io.use((socket: HeartlineSocket, next) => {
    const ip = clientIpOf(socket.request, options.trust);
    // Per-address limits elsewhere (reports) read it here, resolved once with the same trust rule.
    socket.data.clientIp = ip;
    // Redis known to be down: the cap is a guard, not a reason to hold every reconnect until it is back.
    if (options.redis && !options.redis.isReady) {
      next();
      return;
    }
    // While Redis is down its client queues commands: without a bound a reconnect would wait for it.
    withTimeout(slots.acquire(ip, socket.id, maxPerIp, Date.now()), LIMIT_STORE_TIMEOUT_MS, CAP_TIMEOUT).then(
      (isAcquired) => {
        if (!isAcquired) {
          next(new Error(SERVER_MESSAGES.tooManyConnections));
          return;
        }
        live.set(socket.id, ip);
        // A later middleware may refuse the socket: then only the transport closes, never `disconnect`.
        const releaseOnClose = (): void => release(socket.id);
        pending.set(socket.id, releaseOnClose);
        socket.conn.once("close", releaseOnClose);
        next();
      },
      (error: unknown) => {
        // The store is down: the cap is a guard, not a reason to lock everybody out.
        log.warn({ err: error }, "connection cap store failed");
        next();
      },
    );
  });

  // Connected: `disconnect` is certain now, and one listener shared by every socket gives the slot back
  // (a closure per socket would stay for its whole life, bench B4).
  function releaseOnDisconnect(this: HeartlineSocket): void {
    this.off("disconnect", releaseOnDisconnect);
    release(this.id);
  }
  io.on("connection", (socket) => {
    const releaseOnClose = pending.get(socket.id);
    if (releaseOnClose === undefined) return;
    pending.delete(socket.id);
    socket.conn.off("close", releaseOnClose);
    socket.on("disconnect", releaseOnDisconnect);
  });

  const timer = setInterval(() => {
    slots.renew(live, Date.now()).catch((error: unknown) => log.warn({ err: error }, "slot renewal failed"));
  }, RENEW_EVERY_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
