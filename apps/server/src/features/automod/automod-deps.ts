import type { FastifyBaseLogger } from "fastify";
import type { RateLimiterAbstract } from "rate-limiter-flexible";
import type { Database } from "../../db/create-database";
import type { HeartlineServer } from "../../realtime/types";
import type { CopyCounter } from "./copies";
import type { ImageClassifier } from "./image-classifier";
import type { WordRules } from "./word-rules";

/** How AutoMod mutes after repeated hits: moderation's mute, given by the composition root. */
export type AutomodMutePort = (input: {
  userId: string;
  reason: string;
  minutes: number;
}) => Promise<boolean>;

/** What AutoMod's use cases work with (built once per app by `createAutomod`). */
export interface AutomodDeps {
  db: Database;
  io: HeartlineServer;
  log: FastifyBaseLogger;
  /** Near-duplicates per sender and fingerprint, counted across nodes when Redis is there. */
  floodLimiter: RateLimiterAbstract;
  /** Each user's hits (blocks and flags) in `AUTOMOD_STRIKES`' window, across nodes. */
  hitLimiter: RateLimiterAbstract;
  /** Review requests per user, per browser and per address (issue #33), across nodes. */
  reviewLimiters: {
    perUser: RateLimiterAbstract;
    perDevice: RateLimiterAbstract;
    perIp: RateLimiterAbstract;
  };
  /** Distinct new accounts per near-duplicate fingerprint, across nodes. */
  copies: CopyCounter;
  /** Moderation's short automatic mute (answers whether a new mute was applied). */
  mute: AutomodMutePort;
  clock: () => number;
  /** Told each refusal with its rule's name (the metrics' `heartline_automod_refusals_total`). */
  onRefused: (rule: string) => void;
  /** This node's compiled rules (replaced on every change). */
  rules: () => WordRules;
  /** Recompiles from the database here and tells the other nodes to do the same. */
  rulesChanged: () => Promise<void>;
  /** The nudity classifier's worker threads (issue #15). */
  images: ImageClassifier;
  /** `MODERATION_IMAGE_THRESHOLD`: an explicit score at or above it is acted on. */
  imageThreshold: number;
}
