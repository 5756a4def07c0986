import { AUTOMOD_BLOCKED_CODE, AUTOMOD_STRIKES, automodUsernameMessage } from "@heartline/shared";
import type { FastifyBaseLogger } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Database } from "../../db/create-database";
import { AppError } from "../../errors/app-error";
import { createRateLimiter, type RateLimit } from "../../lib/rate-limiter";
import type { RedisClient } from "../../lib/redis-client";
import type { HeartlineServer } from "../../realtime/types";
import type { SessionGuards } from "../accounts/index";
import type { Feature } from "../feature";
import { automodRoutes } from "./automod.routes";
import type { AutomodDeps, AutomodMutePort } from "./automod-deps";
import { memoryCopyCounter, redisCopyCounter } from "./copies";
import { createImageClassifier, type ImageClassifier } from "./image-classifier";
import { flagBlurredImage, type ImageVerdict, type ScreenImageInput, screenImage } from "./image-screen";
import { loadCustomRules } from "./rule-store";
import { type ScreenMessageInput, screenMessage } from "./screen-message";
import { WordRules } from "./word-rules";

/** Near-duplicates one sender may send per window before AutoMod slows them (issue #15). */
export const FLOOD_LIMIT: RateLimit = { points: 5, durationSeconds: 30 };

/**
 * Review requests (issue #33: one account filed 47 in 7 s): as many as reports, per user, per browser
 * and per address, so neither fresh guests nor many browsers behind one address flood the queue.
 */
export const REVIEW_RATE_LIMIT: RateLimit = { points: 5, durationSeconds: 60 * 60 };
export const REVIEW_DEVICE_RATE_LIMIT: RateLimit = { points: 10, durationSeconds: 60 * 60 };
export const REVIEW_IP_RATE_LIMIT: RateLimit = { points: 30, durationSeconds: 60 * 60 };

/** The limiter behind `AUTOMOD_STRIKES`: the hit that goes past `points` applies the automatic mute. */
const HIT_LIMIT: RateLimit = {
  points: AUTOMOD_STRIKES.hits - 1,
  durationSeconds: AUTOMOD_STRIKES.windowMinutes * 60,
};

export interface CreateAutomodOptions {
  db: Database;
  io: HeartlineServer;
  redis: RedisClient | null;
  log: FastifyBaseLogger;
  guards: SessionGuards;
  /** `MODERATION_IMAGE_THRESHOLD` (issue #15). */
  imageThreshold: number;
  /** Moderation's short automatic mute after repeated hits (issue #15). */
  mute: AutomodMutePort;
  /** Defaults to the worker-thread pool, started on the first image. */
  images?: ImageClassifier;
  clock?: () => number;
  /** Told each refusal with its rule's name (the metrics). */
  onRefused?: (rule: string) => void;
}

/**
 * What the talking features ask (one call per send path), given to them by the composition root:
 * `screen` answers the text to store or throws the refusal that names the rule.
 */
export interface AutomodGate {
  screen(input: ScreenMessageInput): Promise<string>;
  /** Sign-up and guest creation: a name a block or mask rule matches is refused, naming the rule. */
  assertUsernameAllowed(username: string): void;
  /** Every uploaded image: its verdict to store, or the refusal that names the rule (issue #15). */
  screenImage(input: ScreenImageInput): Promise<ImageVerdict>;
  /** A direct message that shows a blurred image: the automatic flag an admin can reverse. */
  flagBlurredImage(input: {
    authorId: string;
    messageId: string;
    url: string;
    score: number | null;
  }): Promise<void>;
}

export interface Automod extends AutomodGate, Feature {
  routes: FastifyPluginAsyncZod;
  /** Recompiles this node's rules from the database (startup, and when another node says so). */
  reload(): Promise<void>;
  /** Stops the classifier's threads (the app's close). */
  stop(): Promise<void>;
}

/**
 * AutoMod (issue #15), assembled once per app. The compiled rules live in memory on each node; an
 * admin's change recompiles here and reaches the other nodes through the Socket.IO adapter
 * (`serverSideEmit`), so every node applies the new rules without a restart.
 */
export async function createAutomod(options: CreateAutomodOptions): Promise<Automod> {
  const { db, io, redis, log, guards } = options;
  let compiled = new WordRules(await loadCustomRules(db));
  const reload = async () => {
    compiled = new WordRules(await loadCustomRules(db));
  };
  const deps: AutomodDeps = {
    db,
    io,
    log,
    clock: options.clock ?? Date.now,
    floodLimiter: createRateLimiter({ redis, name: "automod-flood", ...FLOOD_LIMIT }),
    hitLimiter: createRateLimiter({ redis, name: "automod-hits", ...HIT_LIMIT }),
    reviewLimiters: {
      perUser: createRateLimiter({ redis, name: "automod-review", ...REVIEW_RATE_LIMIT }),
      perDevice: createRateLimiter({ redis, name: "automod-review-device", ...REVIEW_DEVICE_RATE_LIMIT }),
      perIp: createRateLimiter({ redis, name: "automod-review-ip", ...REVIEW_IP_RATE_LIMIT }),
    },
    copies: redis ? redisCopyCounter(redis) : memoryCopyCounter(options.clock ?? Date.now),
    mute: options.mute,
    rules: () => compiled,
    rulesChanged: async () => {
      await reload();
      io.serverSideEmit("automod_rules_changed");
    },
    images: options.images ?? createImageClassifier(),
    imageThreshold: options.imageThreshold,
    onRefused: options.onRefused ?? (() => undefined),
  };
  io.on("automod_rules_changed", () => {
    reload().catch((error: unknown) => log.error({ err: error }, "AutoMod rules not reloaded"));
  });
  return {
    screen: (input) => screenMessage(deps, input),
    assertUsernameAllowed: (username) => {
      const verdict = compiled.check("username", username);
      const hit = verdict.block ?? verdict.masked;
      if (!hit) return;
      deps.onRefused(hit.rule.name);
      throw new AppError(AUTOMOD_BLOCKED_CODE, automodUsernameMessage(hit.rule.name));
    },
    screenImage: (input) => screenImage(deps, input),
    flagBlurredImage: (input) => flagBlurredImage(deps, { ...input, at: deps.clock() }),
    routes: automodRoutes({ deps, guards }),
    reload,
    stop: () => deps.images.close(),
  };
}
