import type { FastifyBaseLogger } from "fastify";
import type { RateLimiterAbstract } from "rate-limiter-flexible";
import type { Database } from "../../db/create-database";
import type { HeartlineServer } from "../../realtime/types";
import type { Notify } from "../notifications/index";

/** What the friends use cases work with (built once per app by `createFriends`). */
export interface FriendsDeps {
  db: Database;
  io: HeartlineServer;
  log: FastifyBaseLogger;
  /** Friend requests per sender, across every node when Redis is configured (ARCHITECTURE §7). */
  requestLimiter: RateLimiterAbstract;
  /** Issue #40: a request and its acceptance are notified (queued, after the write). */
  notify?: Notify;
}
