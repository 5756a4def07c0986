import type { ChatMessage } from "@heartline/shared";
import type { FastifyBaseLogger } from "fastify";
import type { RateLimiterAbstract } from "rate-limiter-flexible";
import type { Database } from "../../db/create-database";
import type { HeartlineServer } from "../../realtime/types";

/**
 * What moderation needs from the group room, given by the composition root (the group chat's
 * implementation), so moderation never reaches into the group chat's files.
 */
export interface GroupMessagesPort {
  /** Deletes a message for everyone (no longer served, every client drops it). */
  deleteForEveryone(id: string): Promise<{ deleted: boolean }>;
  /**
   * A report's snapshot: the user's latest group messages, with `messageId` among them when given
   * (throws `bad_request` when that message is not the user's).
   */
  snapshotOf(userId: string, messageId?: string): Promise<ChatMessage[]>;
}

/** What moderation needs from the confession wall (issue #13), given by the composition root. */
export interface ConfessionContentPort {
  /** A report's "delete-message": removes the reported confession or comment for everyone. */
  removeReported(id: string): Promise<{ deleted: boolean }>;
}

/** A ban that was just stored (spec §4 Bans). */
export interface BanEvent {
  userId: string;
  username: string;
  bannedBy: string;
  /** The browsers the user was seen with: other people's sockets there are banned too. */
  deviceIds: string[];
}

/** What moderation use cases work with (built once per app by `createModeration`). */
export interface ModerationDeps {
  db: Database;
  io: HeartlineServer;
  log: FastifyBaseLogger;
  /** Reports per reporter, per browser and per address, one count for every kind of report (ARCHITECTURE §7). */
  reportLimiters: {
    perReporter: RateLimiterAbstract;
    perDevice: RateLimiterAbstract;
    perIp: RateLimiterAbstract;
  };
  groupMessages: GroupMessagesPort;
  confessions: ConfessionContentPort;
  /** Called once per new ban, after the user was told (`user_banned`). */
  notifyBanned: (event: BanEvent) => void;
  /**
   * Called after every stored ban, unban, mute and unmute: every node drops the bans and mutes it
   * answers from memory, and this resolves once they did (or after a short wait for a silent node).
   */
  standingChanged: () => Promise<void>;
}
