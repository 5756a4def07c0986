import type { FastifyBaseLogger } from "fastify";
import type { RateLimiterAbstract } from "rate-limiter-flexible";
import type { Database } from "../../db/create-database";
import type { HeartlineServer } from "../../realtime/types";

/** What moderation use cases work with (built once per app by `createGroupChat`). */
export interface ModerationDeps {
  db: Database;
  io: HeartlineServer;
  log: FastifyBaseLogger;
  /** The group's online list changed (someone was banned out of the room). */
  onGroupMembersChanged: (userId: string) => void;
  /** Reports per reporter (ARCHITECTURE §7). */
  reportLimiter: RateLimiterAbstract;
  /** Image uploads per user (ARCHITECTURE §7). */
  uploadLimiter: RateLimiterAbstract;
}
