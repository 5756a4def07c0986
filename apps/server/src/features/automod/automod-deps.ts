import type { FastifyBaseLogger } from "fastify";
import type { RateLimiterAbstract } from "rate-limiter-flexible";
import type { Database } from "../../db/create-database";
import type { HeartlineServer } from "../../realtime/types";
import type { ImageClassifier } from "./image-classifier";
import type { WordRules } from "./word-rules";

/** What AutoMod's use cases work with (built once per app by `createAutomod`). */
export interface AutomodDeps {
  db: Database;
  io: HeartlineServer;
  log: FastifyBaseLogger;
  /** Near-duplicates per sender and fingerprint, counted across nodes when Redis is there. */
  floodLimiter: RateLimiterAbstract;
  clock: () => number;
  /** This node's compiled rules (replaced on every change). */
  rules: () => WordRules;
  /** Recompiles from the database here and tells the other nodes to do the same. */
  rulesChanged: () => Promise<void>;
  /** The nudity classifier's worker threads (issue #15). */
  images: ImageClassifier;
  /** `MODERATION_IMAGE_THRESHOLD`: an explicit score at or above it is acted on. */
  imageThreshold: number;
}
