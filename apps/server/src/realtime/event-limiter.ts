import { SERVER_MESSAGES } from "@heartline/shared";
import type { FastifyBaseLogger } from "fastify";
import { LocalFirstLimiter } from "../lib/local-first-limiter";
import type { RedisClient } from "../lib/redis-client";
import { TokenBucket } from "../lib/token-bucket";
import { splitAckArgs } from "./acks";
import { eventFailed } from "./event-failures";
import { type SocketEventLimit, type SocketEventLimitOverrides, socketEventLimitOf } from "./event-limits";
import type { HeartlineSocket } from "./types";

export interface EventLimiterOptions {
  redis: RedisClient | null;
  log: FastifyBaseLogger;
  overrides?: SocketEventLimitOverrides;
  /** Multiplies every limit (`SOCKET_EVENT_LIMIT_SCALE`; 1 in production unless load-tested). */
  scale?: number;
  clock?: () => number;
  /** Told each refusal with the limit's name (the metrics' rule label). */
  onRefused?: (name: string) => void;
}

/** The refusal of an event over its limit, for an event sent with an ack. */
export const RATE_LIMITED_ACK = {
  ok: false,
  error: { code: "rate_limited", message: SERVER_MESSAGES.socketEventRateLimited },
} as const;

/** Passes a socket's event on (`next()`), or refuses it (then `next` is never called). */
export type PacketCheck = (socket: HeartlineSocket, packet: unknown[], next: () => void) => void;

/**
 * The limits of `event-limits.ts`, checked first in a socket's `socket.use` middleware, so it runs
 * before every feature's handler: an event over its limit never reaches them (nothing is queried or
 * broadcast); with an ack it is answered `rate_limited`, without one it is dropped. A socket's token
 * buckets are made at its first event (an idle socket holds none). The per-user count is answered from
 * this node's memory and counted for every node in Redis afterwards (`LocalFirstLimiter`), so no event
 * waits for a round trip before its handler (issue #16).
 */
export function createEventLimiter(options: EventLimiterOptions): PacketCheck {
  const clock = options.clock ?? Date.now;
  const scale = options.scale ?? 1;
  const userLimiters = new Map<string, LocalFirstLimiter>();
  const userLimiterOf = (name: string, limit: SocketEventLimit): LocalFirstLimiter => {
    let limiter = userLimiters.get(name);
    if (!limiter) {
      limiter = new LocalFirstLimiter(
        {
          redis: options.redis,
          name: `socket-event:${name}`,
          ...limit.perUser,
          points: limit.perUser.points * scale,
        },
        options.log,
      );
      userLimiters.set(name, limiter);
    }
    return limiter;
  };
  const bucketsOf = new WeakMap<HeartlineSocket, Map<string, TokenBucket>>();

  return (socket, packet, next) => {
    const [event, ...args] = packet;
    const { name, limit } = socketEventLimitOf(String(event), options.overrides);
    const refuse = (): void => {
      options.onRefused?.(name);
      const { ack } = splitAckArgs(args);
      ack?.(RATE_LIMITED_ACK);
    };
    let buckets = bucketsOf.get(socket);
    if (!buckets) {
      buckets = new Map();
      bucketsOf.set(socket, buckets);
    }
    let bucket = buckets.get(name);
    if (!bucket) {
      const { capacity, refillPerSecond } = limit.perSocket;
      bucket = new TokenBucket(
        { capacity: capacity * scale, refillPerSecond: refillPerSecond * scale },
        clock(),
      );
      buckets.set(name, bucket);
    }
    if (!bucket.take(clock())) {
      refuse();
      return;
    }
    userLimiterOf(name, limit)
      .tryConsume(socket.data.userId)
      .then(
        (isAllowed) => (isAllowed ? next() : refuse()),
        (error: unknown) => {
          // Not the client's fault; the per-socket bucket still holds.
          options.log.warn({ err: error, event: name }, "socket event limit failed");
          next();
        },
      )
      // `next()` runs the rest of the socket's middleware inside this promise: a throw there would be
      // a rejection nobody handles, which ends Node 20 (issue #33).
      .catch((error: unknown) => eventFailed(socket, packet, error));
  };
}
