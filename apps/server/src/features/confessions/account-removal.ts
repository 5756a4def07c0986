import { eq } from "drizzle-orm";
import type { Database } from "../../db/create-database";
import { confessionComments, confessionReactions, confessions } from "../../db/schema";
import { CONFESSIONS_ROOM } from "../../realtime/rooms";
import type { HeartlineServer } from "../../realtime/types";
import type { CountsBroadcaster } from "./counts-broadcaster";

/**
 * Deleting an account removes its confessions, comments and reactions by cascade (issue #13). Read
 * before the deletion what it will take from the wall, so the open walls can be told after it commits:
 * the posts go, the comments on other posts go, and the counts of the posts they reacted to or
 * commented on change.
 */
export async function wallRemovalOf(
  deps: { db: Database; io: HeartlineServer; counts: CountsBroadcaster },
  userId: string,
): Promise<() => void> {
  const { db, io, counts } = deps;
  const posts = await db
    .select({ id: confessions.id })
    .from(confessions)
    .where(eq(confessions.authorId, userId));
  const postIds = new Set(posts.map((post) => post.id));
  const comments = await db
    .select({ id: confessionComments.id, confessionId: confessionComments.confessionId })
    .from(confessionComments)
    .where(eq(confessionComments.authorId, userId));
  const reacted = await db
    .select({ confessionId: confessionReactions.confessionId })
    .from(confessionReactions)
    .where(eq(confessionReactions.userId, userId));
  const otherComments = comments.filter((comment) => !postIds.has(comment.confessionId));
  const changed = new Set(
    [
      ...otherComments.map((comment) => comment.confessionId),
      ...reacted.map((row) => row.confessionId),
    ].filter((id) => !postIds.has(id)),
  );
  return () => {
    for (const id of postIds) io.to(CONFESSIONS_ROOM).emit("confession_removed", { id });
    for (const comment of otherComments) {
      io.to(CONFESSIONS_ROOM).emit("confession_comment_removed", {
        confessionId: comment.confessionId,
        commentId: comment.id,
      });
    }
    for (const id of changed) counts.changed(id);
  };
}
