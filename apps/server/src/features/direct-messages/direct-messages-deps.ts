import type { FastifyBaseLogger } from "fastify";
import type { RateLimiterAbstract } from "rate-limiter-flexible";
import type { Database } from "../../db/create-database";
import type { FileStore } from "../../lib/file-store";
import type { Metrics } from "../../lib/metrics";
import type { HeartlineServer } from "../../realtime/types";
import type { SessionGuards } from "../accounts/index";
import type { AutomodGate } from "../automod/index";
import type { MarkThreadRead, Notify } from "../notifications/index";
import type { ImageJobs } from "../profiles/index";
import type { StreakRecorder } from "../streaks/index";
import type { DirectMessageWriter } from "./direct-message-writer";

/** What the direct-message use cases work with (built once per app by `createDirectMessages`). */
export interface DirectMessagesDeps {
  io: HeartlineServer;
  db: Database;
  log: FastifyBaseLogger;
  /** This node's metrics: the send timer and fan-out of its chat. */
  metrics: Metrics;
  storage: FileStore;
  guards: SessionGuards;
  /** Issue #15: every text message passes AutoMod before it is stored. */
  automod: AutomodGate;
  /** Image uploads for direct messages per user (ARCHITECTURE §7). */
  uploadLimiter: RateLimiterAbstract;
  /** Views of direct-message images per user (issue #33: they are served by a route that checks the pair). */
  imageViewLimiter: RateLimiterAbstract;
  /** The app's image queue (issue #33), shared with every upload path. */
  imageJobs: ImageJobs;
  clock: () => number;
  /** Daily streaks (issue #12): applied inside the send transaction, pushed after commit. */
  streaks?: StreakRecorder;
  /** Stores text messages, several conversations' in one statement under load (ADR 0011). */
  writer: DirectMessageWriter;
  /** Issue #40: a stored message is notified to its receiver (queued, after the commit). */
  notify?: Notify;
  /** Issue #40: a thread read here reads its inbox item (after the mark-read's commit). */
  markThreadRead?: MarkThreadRead;
}
