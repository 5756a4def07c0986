import { eq } from "drizzle-orm";
import type { Database } from "../../db/create-database";
import { confessionComments, confessionReactions, confessions } from "../../db/schema";
import { CONFESSIONS_ROOM } from "../../realtime/rooms";
import type { HeartlineServer } from "../../realtime/types";
import type { CountsBroadcaster } from "./counts-broadcaster";
import type { ScatteredPushes } from "./scattered-pushes";

/**
 * Deleting an account removes its confessions, comments and reactions by cascade (issue #13): every
 * read stops showing them the moment it commits. Read before the deletion what it will take from the
 * wall, so the open walls can be told after it commits: the posts go, the comments on other posts go,
 * and the counts of the posts they reacted to or commented on change. Each of these is its own push at
 * its own random moment (ADR 0014, issue #33): pushed together, they named one author for them all,
 * and the deletion's moment named the account.
 */
export async function wallRemovalOf(
  deps: { db: Database; io: HeartlineServer; counts: CountsBroadcaster; scattered: ScatteredPushes },
  userId: string,
): Promise<() => void> {
  const { db, io, counts, scattered } = deps;
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
  const commented = new Set(otherComments.map((comment) => comment.confessionId));
  // A post they only reacted to: its counts are the one thing to tell.
  const reactedOnly = new Set(
    reacted.map((row) => row.confessionId).filter((id) => !postIds.has(id) && !commented.has(id)),
  );
  const pushes = [
    ...[...postIds].map((id) => () => io.to(CONFESSIONS_ROOM).emit("confession_removed", { id })),
    ...otherComments.map((comment) => () => {
      io.to(CONFESSIONS_ROOM).emit("confession_comment_removed", {
        confessionId: comment.confessionId,
        commentId: comment.id,
      });
      counts.changed(comment.confessionId);
    }),
    ...[...reactedOnly].map((id) => () => counts.changed(id)),
  ];
  return () => scattered.scatter(pushes);
}
