import type { FastifyBaseLogger } from "fastify";
import type { RateLimiterAbstract } from "rate-limiter-flexible";
import type { Database } from "../../db/create-database";
import type { HeartlineServer } from "../../realtime/types";
import type { SendPush } from "./push-sender";

/** What the notifications work with (built once per app by `createNotifications`). */
export interface NotificationsDeps {
  db: Database;
  io: HeartlineServer;
  log: FastifyBaseLogger;
  sendPush: SendPush;
  /** Pushes per user (every device counts once per event), across nodes with Redis. */
  pushLimiter: RateLimiterAbstract;
  clock: () => number;
}
