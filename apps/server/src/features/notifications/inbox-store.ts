import {
  NOTIFICATION_INBOX_LIMIT,
  type NotificationInbox,
  type NotificationItem,
  type NotificationKind,
} from "@heartline/shared";
import { and, count, desc, eq, inArray, isNull, notInArray, sql } from "drizzle-orm";
import type { Database } from "../../db/create-database";
import { notifications } from "../../db/schema";

type InboxRow = typeof notifications.$inferSelect;

export interface NewInboxItem {
  userId: string;
  kind: NotificationKind;
  tag: string;
  actorId: string | null;
  title: string;
  body: string;
  url: string;
  at: number;
}

export const toItem = (row: InboxRow): NotificationItem => ({
  id: row.id,
  kind: row.kind as NotificationKind,
  tag: row.tag,
  title: row.title,
  body: row.body,
  url: row.url,
  count: row.count,
  at: row.at.getTime(),
  read: row.readAt !== null,
});

/**
 * Records an event in the user's inbox: the thread's row (`tag`) takes the newest text and time and
 * is unread again, counting the events since it was last read. Keeps the newest rows only.
 */
export async function recordInboxItem(db: Database, item: NewInboxItem): Promise<NotificationItem> {
  const at = new Date(item.at);
  const [row] = await db
    .insert(notifications)
    .values({ ...item, at })
    .onConflictDoUpdate({
      target: [notifications.userId, notifications.tag],
      set: {
        kind: item.kind,
        actorId: item.actorId,
        title: item.title,
        body: item.body,
        url: item.url,
        at,
        count: sql`case when ${notifications.readAt} is null then ${notifications.count} + 1 else 1 end`,
        readAt: null,
      },
    })
    .returning();
  if (!row) throw new Error("inbox upsert returned no row");
  await db
    .delete(notifications)
    .where(
      and(
        eq(notifications.userId, item.userId),
        notInArray(
          notifications.id,
          db
            .select({ id: notifications.id })
            .from(notifications)
            .where(eq(notifications.userId, item.userId))
            .orderBy(desc(notifications.at))
            .limit(NOTIFICATION_INBOX_LIMIT),
        ),
      ),
    );
  return toItem(row);
}

export async function unreadCount(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ unread: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.unread ?? 0;
}

export async function readInbox(db: Database, userId: string): Promise<NotificationInbox> {
  const rows = await db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.at))
    .limit(NOTIFICATION_INBOX_LIMIT);
  return { items: rows.map(toItem), unreadCount: rows.filter((row) => row.readAt === null).length };
}

/** Marks the user's items read (these ids, or all); returns the ids that changed. */
export async function markRead(
  db: Database,
  userId: string,
  ids: readonly string[] | "all",
): Promise<string[]> {
  const rows = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        ...(ids === "all" ? [] : [inArray(notifications.id, [...ids])]),
      ),
    )
    .returning({ id: notifications.id });
  return rows.map((row) => row.id);
}

/** Marks a thread's item read (the user opened the conversation), if it is unread. */
export async function markTagRead(db: Database, userId: string, tag: string): Promise<string[]> {
  const rows = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.userId, userId), eq(notifications.tag, tag), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.map((row) => row.id);
}
