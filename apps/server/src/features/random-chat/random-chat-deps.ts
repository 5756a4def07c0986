import type { LanguageCode } from "@heartline/shared";
import type { FastifyBaseLogger } from "fastify";
import type { RateLimiterAbstract } from "rate-limiter-flexible";
import type { Database } from "../../db/create-database";
import type { Metrics } from "../../lib/metrics";
import type { HeartlineServer } from "../../realtime/types";
import type { AiCompanion, AiPersona } from "../ai-companion/index";
import type { AutomodGate } from "../automod/index";
import type { Moderation } from "../moderation/index";
import type { LineJoin } from "./line-join";
import type { MatchQueue } from "./match-queue";
import type { PairStore } from "./pair-store";

/** An AI chat of a socket on this node (AI chats stay on the node of their person's socket). */
export interface AiRoom {
  persona: AiPersona;
  userId: string;
  socketId: string;
  /** The language the persona writes in (issue #39: `aiReplyLanguage`). */
  language: LanguageCode;
  /** A reply is being generated; messages meanwhile set `hasPending` instead of starting another. */
  isReplying: boolean;
  hasPending: boolean;
}

/** Everything the random-chat use cases work with, built once per app by `createRandomChat`. */
export interface RandomChatDeps {
  io: HeartlineServer;
  queue: MatchQueue;
  pairs: PairStore;
  /** `join` and `next` in one step (one Redis round trip when the line is shared). */
  line: LineJoin;
  ai: AiCompanion;
  db: Database;
  /** Keys the partners' per-pair aliases (`pair-alias.ts`): AUTH_SECRET. */
  aliasSecret: string;
  /** `CHAT_MESSAGE_RATE_LIMIT` per `CHAT_MESSAGE_RATE_WINDOW_MS`, keyed by sender id. */
  messageLimiter: RateLimiterAbstract;
  /** Reports go to moderation, under its one per-reporter limit. */
  moderation: Pick<Moderation, "fileReport">;
  /** Issue #15: every text message passes AutoMod before it is relayed. */
  automod: AutomodGate;
  log: FastifyBaseLogger;
  /** This node's metrics: the send timer and fan-out of its chat. */
  metrics: Metrics;
  clock: () => number;
  /** Other nodes share the line (Redis): a socket id unknown here may live on another node. */
  isClustered: boolean;
  /** This node's id in waiting entries and pairs (its heartbeat tells others it is alive). */
  nodeId: string;
  /** How long someone waits for a person before the AI may fill in (spec §9: 15 s). */
  aiMatchTimeoutMs: number;
  /** How long two people who just parted are kept apart (`REMATCH_COOLDOWN_MS`). */
  rematchCooldownMs: number;
  /** How long an ended pair (its partner and snapshot) stays reportable (`ENDED_PAIR_KEEP_MS`). */
  endedPairKeepMs: number;
  /** This node's AI chats by room id. */
  aiRooms: Map<string, AiRoom>;
  /** User id → no AI pairing before this time (after a switch to a person or an AI error). */
  aiNotBefore: Map<string, number>;
}

/** Forgets an AI chat of this node and gives its persona back to the companion (spec §3 AI state). */
export function dropAiRoom({ deps, roomId }: { deps: RandomChatDeps; roomId: string }): void {
  const room = deps.aiRooms.get(roomId);
  if (!room) return;
  deps.aiRooms.delete(roomId);
  deps.ai.releasePersona(room.persona);
}
