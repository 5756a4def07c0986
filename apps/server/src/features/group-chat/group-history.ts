import type { GroupHistoryPage, GroupHistoryQuery, GroupMessage } from "@heartline/shared";
import { and, desc, isNull, lt } from "drizzle-orm";
import type { Database } from "../../db/create-database";
import { groupMessages } from "../../db/schema";

export type GroupMessageRow = typeof groupMessages.$inferSelect;

export function toGroupMessage(row: GroupMessageRow): GroupMessage {
  return {
    id: row.id,
    seq: row.seq,
    content: row.content,
    type: row.type,
    senderId: row.senderId,
    senderUsername: row.senderUsername,
    senderProfileImage: row.senderProfileImage,
    timestamp: row.createdAt.getTime(),
    ...(row.replyTo ? { replyTo: row.replyTo } : {}),
  };
}

/**
 * A page of history older than `before` (the newest page without it), oldest first. Keyset on `seq`
 * over its unique index, never OFFSET (ARCHITECTURE §4); one extra row tells whether more exist.
 */
export interface ReadGroupHistoryOptions {
  db: Database;
  query: GroupHistoryQuery;
}

export async function readGroupHistory({ db, query }: ReadGroupHistoryOptions): Promise<GroupHistoryPage> {
  const rows = await db
    .select()
    .from(groupMessages)
    .where(
      and(isNull(groupMessages.deletedAt), query.before ? lt(groupMessages.seq, query.before) : undefined),
    )
    .orderBy(desc(groupMessages.seq))
    .limit(query.limit + 1);
  const hasMore = rows.length > query.limit;
  return { messages: rows.slice(0, query.limit).reverse().map(toGroupMessage), hasMore };
}
