import { DM_DUPLICATE_WINDOW_MS } from "@heartline/shared";
import { and, desc, eq, gt } from "drizzle-orm";
import type { Database } from "../../db/create-database";
import { conversations, directMessages } from "../../db/schema";
import type { DirectMessageRow } from "./dm-rows";

/**
 * The reads a send answers its at-most-once rules with (spec §5, ARCHITECTURE §5): an id already
 * stored, the same text just sent. They come before the send statement as early answers; the
 * statement itself decides for sends at the same instant (ADR 0015).
 */

/**
 * How far back the duplicate check looks: far more messages than two people send in its 5 s (a tab may
 * send 30 at once and then 3 a second; a user 180 a minute), so the read stays bounded however long
 * the conversation is (the seq index, walked backwards) instead of filtering its whole history.
 */
const DUPLICATE_LOOKBACK = 400;

/** spec §5: the same content from the same sender in this conversation within the last 5 s. */
export function sameContentJustNow(
  db: Database,
  {
    conversationId,
    senderId,
    content,
    now,
  }: { conversationId: string; senderId: string; content: string; now: number },
) {
  const recent = db
    .select({
      id: directMessages.id,
      senderId: directMessages.senderId,
      content: directMessages.content,
      createdAt: directMessages.createdAt,
    })
    .from(directMessages)
    .where(eq(directMessages.conversationId, conversationId))
    .orderBy(desc(directMessages.seq))
    .limit(DUPLICATE_LOOKBACK)
    .as("recent");
  return db
    .select({ id: recent.id })
    .from(recent)
    .where(
      and(
        eq(recent.senderId, senderId),
        eq(recent.content, content),
        gt(recent.createdAt, new Date(now - DM_DUPLICATE_WINDOW_MS)),
      ),
    )
    .limit(1);
}

export async function storedRow(db: Database, id: string): Promise<DirectMessageRow | undefined> {
  const [row] = await db.select().from(directMessages).where(eq(directMessages.id, id));
  return row;
}

/** The row of `id` once a send statement writing the conversation now has ended (its row lock). */
export function storedOnceWritten(db: Database, conversationId: string, id: string) {
  return db.transaction(async (tx) => {
    await tx
      .select({ id: conversations.id })
      .from(conversations)
      .where(eq(conversations.id, conversationId))
      .for("share");
    return storedRow(tx, id);
  });
}
