import {
  DISPLAY_NAME_FALLBACKS,
  GENDERS,
  type Gender,
  type GroupHistoryPage,
  type GroupHistoryQuery,
  type GroupMessage,
  type GroupReplyPreview,
} from "@heartline/shared";
import { and, desc, eq, getTableColumns, isNull, lt, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/create-database";
import { deletedUsers, groupMessages, user } from "../../db/schema";

export type GroupMessageRow = typeof groupMessages.$inferSelect;

/** A stored gender as the colour needs it (spec §3); anything else is no gender. */
export function genderOf(value: string | null | undefined): Gender | null {
  return (GENDERS as readonly string[]).includes(value ?? "") ? (value as Gender) : null;
}

/** Issue #38: whose account is gone, of a message's author and of the author it quotes. */
export interface DeletedAuthors {
  sender?: boolean;
  quoted?: boolean;
}

/** A quote as clients see it: a deleted author's name is never served (issue #38). */
function toReplyPreview(replyTo: GroupReplyPreview, isDeleted: boolean): GroupReplyPreview {
  if (!isDeleted) return replyTo;
  return { ...replyTo, senderUsername: DISPLAY_NAME_FALLBACKS.deletedUser, senderDeleted: true };
}

/**
 * A stored row as clients see it. `senderGender` is the sender's current gender (issue #38: the name
 * keeps its colour whether or not its author is in the people list). The row keeps the name it was
 * sent under (reports may cite it); a deleted author is served as 'Deleted User' with no picture or
 * gender, so a newcomer with a name like theirs cannot look like them (issue #38).
 */
export function toGroupMessage(
  row: GroupMessageRow,
  senderGender?: string | null,
  deleted: DeletedAuthors = {},
): GroupMessage {
  const replyTo = row.replyTo ? { replyTo: toReplyPreview(row.replyTo, deleted.quoted === true) } : {};
  const author = deleted.sender
    ? {
        senderUsername: DISPLAY_NAME_FALLBACKS.deletedUser,
        senderProfileImage: null,
        senderGender: null,
        senderDeleted: true,
      }
    : {
        senderUsername: row.senderUsername,
        senderProfileImage: row.senderProfileImage,
        senderGender: genderOf(senderGender),
      };
  return {
    id: row.id,
    seq: row.seq,
    content: row.content,
    type: row.type,
    senderId: row.senderId,
    ...author,
    timestamp: row.createdAt.getTime(),
    ...replyTo,
  };
}

/** Whether the account behind `id` is gone (its tombstone; the primary key answers it). */
function isDeletedAuthor(id: SQL) {
  return sql<boolean>`exists (select 1 from ${deletedUsers} where ${deletedUsers.id} = ${id})`;
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
    .select({
      ...getTableColumns(groupMessages),
      senderGender: user.gender,
      senderDeleted: isDeletedAuthor(sql`${groupMessages.senderId}`),
      quotedDeleted: isDeletedAuthor(sql`(${groupMessages.replyTo} ->> 'senderId')`),
    })
    .from(groupMessages)
    .leftJoin(user, eq(user.id, groupMessages.senderId))
    .where(
      and(isNull(groupMessages.deletedAt), query.before ? lt(groupMessages.seq, query.before) : undefined),
    )
    .orderBy(desc(groupMessages.seq))
    .limit(query.limit + 1);
  const hasMore = rows.length > query.limit;
  return {
    messages: rows
      .slice(0, query.limit)
      .reverse()
      .map(({ senderGender, senderDeleted, quotedDeleted, ...row }) =>
        toGroupMessage(row, senderGender, { sender: senderDeleted, quoted: quotedDeleted }),
      ),
    hasMore,
  };
}
