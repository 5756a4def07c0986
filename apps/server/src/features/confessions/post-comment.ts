import {
  CONFESSION_ERROR_MESSAGES,
  type ConfessionComment,
  type CreateConfessionCommentInput,
  mutedMessage,
} from "@heartline/shared";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/create-database";
import { confessionComments, confessionPseudonyms, confessions } from "../../db/schema";
import { AppError } from "../../errors/app-error";
import { consumeOrThrow } from "../../lib/rate-limiter";
import { CONFESSIONS_ROOM } from "../../realtime/rooms";
import { type CommentRow, toComment } from "./confession-comments";
import type { ConfessionsDeps } from "./confessions-deps";
import { findConfession } from "./find-confession";

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

export interface PostedComment {
  comment: ConfessionComment;
  isNew: boolean;
}

/**
 * `POST /api/confessions/:id/comments` (issue #13): idempotent by the client's id, refused while muted,
 * one level deep (a reply to a reply is 400 `replyTooDeep`), 30 an hour per user across nodes. The
 * commenter's pseudonym is allocated in the same transaction as the comment, under a lock of the
 * confession's row, so two first comments at once get different numbers.
 */
export async function postComment(options: {
  deps: ConfessionsDeps;
  userId: string;
  confessionId: string;
  input: CreateConfessionCommentInput;
}): Promise<PostedComment> {
  const { deps, userId, confessionId, input } = options;
  const { db } = deps;
  const [[stored], mute] = await Promise.all([
    db.select().from(confessionComments).where(eq(confessionComments.id, input.id)),
    deps.moderation.muteOf(userId),
  ]);
  if (stored) return asRetry(db, stored, userId, confessionId);
  if (mute) throw new AppError("forbidden", mutedMessage(mute.reason, mute.expiresAt));
  const content = await deps.automod.screen({
    surface: "confession",
    authorId: userId,
    messageId: input.id,
    text: input.content,
  });
  await findConfession(db, confessionId);
  let parentAuthorId: string | null = null;
  if (input.parentId) {
    const [parent] = await db
      .select({ parentId: confessionComments.parentId, authorId: confessionComments.authorId })
      .from(confessionComments)
      .where(
        and(eq(confessionComments.id, input.parentId), eq(confessionComments.confessionId, confessionId)),
      );
    if (!parent) throw new AppError("not_found", CONFESSION_ERROR_MESSAGES.commentNotFound);
    if (parent.parentId) throw new AppError("bad_request", CONFESSION_ERROR_MESSAGES.replyTooDeep);
    parentAuthorId = parent.authorId;
  }
  await consumeOrThrow(deps.limiters.comments, userId, CONFESSION_ERROR_MESSAGES.tooManyComments);

  const result = await db.transaction(async (tx) => {
    // Locks the confession against another allocation (not against reactions' key-share locks).
    const [confession] = await tx
      .select({ authorId: confessions.authorId })
      .from(confessions)
      .where(eq(confessions.id, confessionId))
      .for("no key update");
    if (!confession) throw new AppError("not_found", CONFESSION_ERROR_MESSAGES.notFound);
    const number = confession.authorId === userId ? null : await pseudonymNumber(tx, confessionId, userId);
    const [inserted] = await tx
      .insert(confessionComments)
      .values({
        id: input.id,
        confessionId,
        authorId: userId,
        parentId: input.parentId ?? null,
        content,
        createdAt: new Date(deps.clock()),
      })
      .onConflictDoNothing()
      .returning();
    return inserted ? { inserted, opId: confession.authorId, number } : null;
  });
  if (!result) {
    // A concurrent retry stored the same id in the meantime.
    const [row] = await db.select().from(confessionComments).where(eq(confessionComments.id, input.id));
    if (!row) throw new AppError("conflict", CONFESSION_ERROR_MESSAGES.idConflict);
    return asRetry(db, row, userId, confessionId);
  }
  const { inserted, opId, number } = result;
  deps.io.to(CONFESSIONS_ROOM).emit("confession_comment_created", {
    confessionId,
    comment: toComment(inserted, { opId, number, viewerId: null }),
  });
  deps.counts.changed(confessionId);
  notifyComment(deps, { userId, confessionId, opId, parentAuthorId, parentId: input.parentId ?? undefined });
  return { comment: toComment(inserted, { opId, number, viewerId: userId }), isNew: true };
}

/** The commenter's number in this thread: their first comment takes the next one (under the lock). */
/**
 * Issue #40: a reply tells the comment's author; a comment (or a reply they are not already told of)
 * tells the confession's author. Never the commenter themselves; nothing names the commenter.
 */
function notifyComment(
  deps: ConfessionsDeps,
  input: {
    userId: string;
    confessionId: string;
    opId: string | null;
    parentAuthorId: string | null;
    parentId?: string | undefined;
  },
): void {
  const { userId, confessionId, opId, parentAuthorId } = input;
  if (parentAuthorId && parentAuthorId !== userId && input.parentId) {
    deps.notify?.({
      kind: "comment_reply",
      recipientId: parentAuthorId,
      actorId: userId,
      confessionId,
      parentCommentId: input.parentId,
    });
  }
  if (opId && opId !== userId && opId !== parentAuthorId) {
    deps.notify?.({ kind: "confession_comment", recipientId: opId, actorId: userId, confessionId });
  }
}

async function pseudonymNumber(tx: Transaction, confessionId: string, userId: string): Promise<number> {
  await tx
    .insert(confessionPseudonyms)
    .select(
      tx
        .select({
          confessionId: sql<string>`${confessionId}::uuid`.as("confession_id"),
          userId: sql<string>`${userId}`.as("user_id"),
          number: sql<number>`coalesce(max(${confessionPseudonyms.number}), 0) + 1`.as("number"),
        })
        .from(confessionPseudonyms)
        .where(eq(confessionPseudonyms.confessionId, confessionId)),
    )
    .onConflictDoNothing({ target: [confessionPseudonyms.confessionId, confessionPseudonyms.userId] });
  const [row] = await tx
    .select({ number: confessionPseudonyms.number })
    .from(confessionPseudonyms)
    .where(and(eq(confessionPseudonyms.confessionId, confessionId), eq(confessionPseudonyms.userId, userId)));
  if (!row) throw new AppError("internal");
  return row.number;
}

async function asRetry(
  db: Database,
  row: CommentRow,
  userId: string,
  confessionId: string,
): Promise<PostedComment> {
  if (row.authorId !== userId || row.confessionId !== confessionId) {
    throw new AppError("conflict", CONFESSION_ERROR_MESSAGES.idConflict);
  }
  const { authorId: opId } = await findConfession(db, confessionId);
  const [pseudonym] = await db
    .select({ number: confessionPseudonyms.number })
    .from(confessionPseudonyms)
    .where(and(eq(confessionPseudonyms.confessionId, confessionId), eq(confessionPseudonyms.userId, userId)));
  return {
    comment: toComment(row, { opId, number: pseudonym?.number ?? null, viewerId: userId }),
    isNew: false,
  };
}
