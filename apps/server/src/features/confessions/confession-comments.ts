import {
  CONFESSION_COMMENTS_MAX,
  type ConfessionComment,
  type ConfessionCommentList,
} from "@heartline/shared";
import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../../db/create-database";
import { confessionComments, confessionPseudonyms } from "../../db/schema";
import { findConfession } from "./find-confession";
import { commentShown } from "./shown-now";

export type CommentRow = typeof confessionComments.$inferSelect;

/**
 * The confession's author ("OP") and everyone else by their thread number ("Anon N"). A comment whose
 * account was deleted keeps what it showed (ADR 0014): its stored number, none for the OP's.
 */
export function toComment(
  row: CommentRow,
  context: { opId: string | null; number: number | null; viewerId: string | null },
): ConfessionComment {
  const isDetached = row.authorId === null;
  const isOP = isDetached ? row.pseudonymNumber === null : row.authorId === context.opId;
  const number = isDetached ? row.pseudonymNumber : context.number;
  return {
    id: row.id,
    confessionId: row.confessionId,
    parentId: row.parentId,
    content: row.content,
    createdAt: row.createdAt.getTime(),
    pseudonym: isOP ? "OP" : `Anon ${number ?? "?"}`,
    isOP,
    isOwn: row.authorId === context.viewerId,
  };
}

/** `GET /api/confessions/:id/comments`: oldest first (replies follow their parent on the client). */
export async function listComments(options: {
  db: Database;
  confessionId: string;
  viewerId: string;
}): Promise<ConfessionCommentList> {
  const { db, confessionId, viewerId } = options;
  const { authorId: opId } = await findConfession(db, confessionId);
  const rows = await db
    .select({ comment: confessionComments, number: confessionPseudonyms.number })
    .from(confessionComments)
    .leftJoin(
      confessionPseudonyms,
      and(
        eq(confessionPseudonyms.confessionId, confessionComments.confessionId),
        eq(confessionPseudonyms.userId, confessionComments.authorId),
      ),
    )
    .where(and(eq(confessionComments.confessionId, confessionId), commentShown()))
    .orderBy(asc(confessionComments.createdAt), asc(confessionComments.id))
    .limit(CONFESSION_COMMENTS_MAX);
  return {
    comments: rows.map((row) => toComment(row.comment, { opId, number: row.number, viewerId })),
  };
}
