import type { FastifyBaseLogger } from "fastify";
import type { RateLimiterAbstract } from "rate-limiter-flexible";
import type { Database } from "../../db/create-database";
import type { FileStore } from "../../lib/file-store";
import type { LocalFirstLimiter } from "../../lib/local-first-limiter";
import type { Metrics } from "../../lib/metrics";
import type { HeartlineServer, HeartlineSocket } from "../../realtime/types";
import type { SessionGuards, UserRow } from "../accounts/index";
import type { AutomodGate } from "../automod/index";
import type { Moderation } from "../moderation/index";
import type { ImageJobs } from "../profiles/index";
import type { DeviceRecords } from "./device-records";
import type { GroupMessageWriter } from "./group-message-writer";
import type { GroupPresence } from "./group-presence";

/** What the group chat's use cases work with (built once per app by `createGroupChat`). */
export interface GroupChatDeps {
  io: HeartlineServer;
  db: Database;
  log: FastifyBaseLogger;
  /** This node's metrics: the send timer and fan-out of its chat. */
  metrics: Metrics;
  storage: FileStore;
  guards: SessionGuards;
  /** Bans and mutes: asked, never reached into. */
  moderation: Moderation;
  /** Issue #15: every text message passes AutoMod before it is stored. */
  automod: AutomodGate;
  presence: GroupPresence;
  /** `CHAT_MESSAGE_RATE_LIMIT` per `CHAT_MESSAGE_RATE_WINDOW_MS`, keyed by sender id, answered from memory. */
  messageLimiter: LocalFirstLimiter;
  /** New messages, inserted in one statement per event-loop turn. */
  writer: GroupMessageWriter;
  /** The browsers members joined from, recorded in one statement per event-loop turn. */
  devices: DeviceRecords;
  /** Each sending socket's user row, as it last read it (`senderOf`). */
  senders: WeakMap<HeartlineSocket, UserRow>;
  /** Image uploads per user (ARCHITECTURE §7). */
  uploadLimiter: RateLimiterAbstract;
  /** The app's image queue (issue #33), shared with every upload path. */
  imageJobs: ImageJobs;
  clock: () => number;
}
