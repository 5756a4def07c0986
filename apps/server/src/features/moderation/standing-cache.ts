import type { MuteState } from "@heartline/shared";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/create-database";
import { withTimeout } from "../../lib/with-timeout";
import type { HeartlineServer } from "../../realtime/types";
import { type BanSubject, readStanding } from "./moderation-checks";

/** Whether someone may post: banned (by id or browser), and the mute they are under, if any. */
export interface Standing {
  isBanned: boolean;
  mute: MuteState | null;
}

/** The mute still in force at `now`: an automatic mute ends by itself (issue #15). */
export function muteInForce(standing: Standing, now: number): MuteState | null {
  const { mute } = standing;
  if (!mute) return null;
  return mute.expiresAt === null || mute.expiresAt > now ? mute : null;
}

/** How long a node waits for the others to drop their copies before a ban or mute is answered anyway. */
const CLUSTER_FORGET_TIMEOUT_MS = 2_000;
/** Entries kept at most (people posting between two moderation changes); past it the cache starts over. */
const MAX_ENTRIES = 50_000;
/**
 * An entry is read again after this long: the bound on a stale answer should a node have missed a
 * change (it was cut off from Redis when the change was announced).
 */
const MAX_AGE_MS = 30_000;

interface Entry {
  standing: Promise<Standing>;
  loadedAt: number;
}

export interface StandingCacheOptions {
  db: Database;
  io: HeartlineServer;
  log: FastifyBaseLogger;
  /** True when other nodes share the room (Redis adapter): they are told of every change. */
  isClustered: boolean;
}

/**
 * Bans and mutes answered from memory on the send path (issue #16, bench B1): the database is read
 * on a miss only. Every ban, unban, mute and unmute (admins' and AutoMod's) empties this node's copy
 * and, before it is answered, every other node's (`serverSideEmitWithAck`), so a ban made on node A is
 * in force on node B before B accepts that user's next message. A mute's end is kept with it.
 */
export class StandingCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly options: StandingCacheOptions) {
    if (options.isClustered) {
      options.io.on("moderation_standing_changed", (done) => {
        this.forgetLocally();
        done();
      });
    }
  }

  /** The subject's standing, from memory or (on a miss) from the database; concurrent misses share one read. */
  standingOf(subject: BanSubject): Promise<Standing> {
    const key = `${subject.userId}\n${subject.deviceId ?? ""}`;
    const now = performance.now();
    const cached = this.entries.get(key);
    if (cached && now - cached.loadedAt < MAX_AGE_MS) return cached.standing;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    const { db } = this.options;
    const loading = readStanding(db, subject);
    const entry = { standing: loading, loadedAt: now };
    this.entries.set(key, entry);
    // A failed read is not remembered (the next message reads again).
    loading.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return loading;
  }

  /**
   * A ban or mute changed (called after its commit): this node and every other forget what they knew.
   * A read that started before lands in the emptied map no more (it was removed with the rest).
   */
  async forget(): Promise<void> {
    this.forgetLocally();
    if (!this.options.isClustered) return;
    try {
      await withTimeout(
        this.options.io.serverSideEmitWithAck("moderation_standing_changed"),
        CLUSTER_FORGET_TIMEOUT_MS,
        "another node did not drop its bans and mutes in time",
      );
    } catch (error) {
      // A node that does not answer is down or cut off; the change is stored and the room-leave still runs.
      this.options.log.warn({ err: error }, "moderation change not confirmed by every node");
    }
  }

  private forgetLocally(): void {
    this.entries.clear();
  }
}
