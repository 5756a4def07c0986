import {
  CONFESSION_ERROR_MESSAGES,
  type ConfessionCounts,
  type ConfessionReaction,
  mutedMessage,
} from "@heartline/shared";
import { and, eq, sql } from "drizzle-orm";
import { confessionReactions, confessions } from "../../db/schema";
import { AppError } from "../../errors/app-error";
import { consumeOrThrow } from "../../lib/rate-limiter";
import { countsOf } from "./confession-views";
import type { ConfessionsDeps } from "./confessions-deps";
import { confessionShown } from "./shown-now";

export type ReactionAnswer = ConfessionCounts & { myReaction: ConfessionReaction | null };

/**
 * `PUT` (emoji) / `DELETE` (null) `/api/confessions/:id/reaction` (issue #13): one reaction per user per
 * confession, kept by the primary key — a set is one upsert, a removal one delete, never a count read
 * and written back — so the counts (`count(*)` over the rows) are exact under concurrent taps.
 * Refused while muted; 60 a minute per user across nodes. The wall hears the new counts, coalesced.
 */
export async function setReaction(options: {
  deps: ConfessionsDeps;
  userId: string;
  confessionId: string;
  emoji: ConfessionReaction | null;
}): Promise<ReactionAnswer> {
  const { deps, userId, confessionId, emoji } = options;
  const { db } = deps;
  await assertCanReact(deps, userId);
  if (emoji === null) {
    const [exists] = await db
      .select({ id: confessions.id })
      .from(confessions)
      .where(and(eq(confessions.id, confessionId), confessionShown()));
    if (!exists) throw new AppError("not_found", CONFESSION_ERROR_MESSAGES.notFound);
    await db
      .delete(confessionReactions)
      .where(and(eq(confessionReactions.confessionId, confessionId), eq(confessionReactions.userId, userId)));
  } else {
    // Inserted from the confession's row: a removed confession stores nothing (and is a 404).
    const stored = await db
      .insert(confessionReactions)
      .select(
        db
          .select({
            confessionId: confessions.id,
            userId: sql<string>`${userId}`.as("user_id"),
            emoji: sql<ConfessionReaction>`${emoji}`.as("emoji"),
            createdAt: sql<Date>`now()`.as("created_at"),
          })
          .from(confessions)
          .where(and(eq(confessions.id, confessionId), confessionShown())),
      )
      .onConflictDoUpdate({
        target: [confessionReactions.confessionId, confessionReactions.userId],
        set: { emoji, createdAt: sql`now()` },
      })
      .returning({ emoji: confessionReactions.emoji })
      .catch(notFoundOnMissingConfession);
    if (stored.length === 0) throw new AppError("not_found", CONFESSION_ERROR_MESSAGES.notFound);
  }
  deps.counts.changed(confessionId);
  return { ...(await countsOf(db, confessionId)), myReaction: emoji };
}

async function assertCanReact(deps: ConfessionsDeps, userId: string): Promise<void> {
  const mute = await deps.moderation.muteOf(userId);
  if (mute) throw new AppError("forbidden", mutedMessage(mute.reason, mute.expiresAt));
  await consumeOrThrow(deps.limiters.reactions, userId, CONFESSION_ERROR_MESSAGES.tooManyReactions);
}

/** The confession was removed between the select and the insert (a foreign key violation). */
function notFoundOnMissingConfession(error: unknown): never {
  const code =
    (error as { code?: unknown; cause?: { code?: unknown } }).code ??
    (error as { cause?: { code?: unknown } }).cause?.code;
  if (code === "23503") throw new AppError("not_found", CONFESSION_ERROR_MESSAGES.notFound);
  throw error;
}
