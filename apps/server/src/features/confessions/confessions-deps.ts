import type { FastifyBaseLogger } from "fastify";
import type { RateLimiterAbstract } from "rate-limiter-flexible";
import type { Database } from "../../db/create-database";
import type { HeartlineServer } from "../../realtime/types";
import type { SessionGuards } from "../accounts/index";
import type { AutomodGate } from "../automod/index";
import type { Moderation } from "../moderation/index";
import type { Notify } from "../notifications/index";
import type { CountsBroadcaster } from "./counts-broadcaster";

/** What the confession wall's use cases work with (built once per app by `createConfessions`). */
export interface ConfessionsDeps {
  db: Database;
  io: HeartlineServer;
  log: FastifyBaseLogger;
  guards: SessionGuards;
  /** Bans, mutes and the report queue: asked, never reached into. */
  moderation: Moderation;
  /** Issue #15: every post and comment passes AutoMod before it is stored. */
  automod: AutomodGate;
  counts: CountsBroadcaster;
  /** Per user across nodes (issue #13): confessions an hour, comments an hour, reactions a minute. */
  limiters: {
    confessions: RateLimiterAbstract;
    comments: RateLimiterAbstract;
    reactions: RateLimiterAbstract;
  };
  clock: () => number;
  /** Issue #40: a comment is notified to the confession's author, a reply to the comment's (queued). */
  notify?: Notify;
}
