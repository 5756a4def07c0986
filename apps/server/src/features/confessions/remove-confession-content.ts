import { CONFESSION_ERROR_MESSAGES } from "@heartline/shared";
import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/create-database";
import { confessionComments, confessions } from "../../db/schema";
import { AppError } from "../../errors/app-error";
import { CONFESSIONS_ROOM } from "../../realtime/rooms";
import type { HeartlineServer } from "../../realtime/types";
import type { CountsBroadcaster } from "./counts-broadcaster";

export interface RemovalDeps {
  db: Database;
  io: HeartlineServer;
  counts: CountsBroadcaster;
}

/**
 * Removes a confession for everyone (its comments, reactions and pseudonyms cascade) and tells the
 * wall. `authorId` limits it to the author's own (403 `notYours` for someone else's); without it (an
 * admin) any confession goes. An unknown id is 404 for an author, `{ deleted: false }` for an admin.
 */
export async function removeConfession(options: {
  deps: RemovalDeps;
  id: string;
  authorId?: string;
}): Promise<{ deleted: boolean }> {
  const { deps, id, authorId } = options;
  if (authorId !== undefined) {
    const [row] = await deps.db
      .select({ authorId: confessions.authorId })
      .from(confessions)
      .where(eq(confessions.id, id));
    if (!row) throw new AppError("not_found", CONFESSION_ERROR_MESSAGES.notFound);
    if (row.authorId !== authorId) throw new AppError("forbidden", CONFESSION_ERROR_MESSAGES.notYours);
  }
  const condition =
    authorId === undefined
      ? eq(confessions.id, id)
      : and(eq(confessions.id, id), eq(confessions.authorId, authorId));
  const removed = await deps.db.delete(confessions).where(condition).returning({ id: confessions.id });
  if (removed.length === 0) {
    if (authorId !== undefined) throw new AppError("not_found", CONFESSION_ERROR_MESSAGES.notFound);
    return { deleted: false };
  }
  deps.io.to(CONFESSIONS_ROOM).emit("confession_removed", { id });
  return { deleted: true };
}

/** The same for one comment of a confession (a top-level comment takes its replies with it). */
export async function removeComment(options: {
  deps: RemovalDeps;
  confessionId: string;
  commentId: string;
  authorId?: string;
}): Promise<{ deleted: boolean }> {
  const { deps, confessionId, commentId, authorId } = options;
  const where = and(eq(confessionComments.id, commentId), eq(confessionComments.confessionId, confessionId));
  if (authorId !== undefined) {
    const [row] = await deps.db
      .select({ authorId: confessionComments.authorId })
      .from(confessionComments)
      .where(where);
    if (!row) throw new AppError("not_found", CONFESSION_ERROR_MESSAGES.commentNotFound);
    if (row.authorId !== authorId) throw new AppError("forbidden", CONFESSION_ERROR_MESSAGES.notYours);
  }
  const condition = authorId === undefined ? where : and(where, eq(confessionComments.authorId, authorId));
  const removed = await deps.db
    .delete(confessionComments)
    .where(condition)
    .returning({ id: confessionComments.id });
  if (removed.length === 0) {
    if (authorId !== undefined) throw new AppError("not_found", CONFESSION_ERROR_MESSAGES.commentNotFound);
    return { deleted: false };
  }
  deps.io.to(CONFESSIONS_ROOM).emit("confession_comment_removed", { confessionId, commentId });
  deps.counts.changed(confessionId);
  return { deleted: true };
}

/**
 * A report's "delete-message" action: the reported confession or comment (a report keeps only the id
 * of what it names), whichever it is.
 */
export async function removeReported(deps: RemovalDeps, id: string): Promise<{ deleted: boolean }> {
  const removed = await removeConfession({ deps, id });
  if (removed.deleted) return removed;
  const [comment] = await deps.db
    .select({ confessionId: confessionComments.confessionId })
    .from(confessionComments)
    .where(eq(confessionComments.id, id));
  if (!comment) return { deleted: false };
  return removeComment({ deps, confessionId: comment.confessionId, commentId: id });
}
