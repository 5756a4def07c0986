import { DISPLAY_NAME_FALLBACKS, type GroupMessageType, type GroupReplyPreview } from "@heartline/shared";
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/create-database";
import { rowsOf } from "../../db/rows";
import { TurnBatch } from "../../lib/turn-batch";
import { publicName } from "../../social/index";
import type { UserRow } from "../accounts/index";
import type { GroupMessageRow } from "./group-history";

/** A new group message as the sender's socket sent it, with the sender as this node last read them. */
export interface NewGroupMessage {
  id: string;
  sender: UserRow;
  content: string;
  type: GroupMessageType;
  /** The quoted message's id: the quote is read from the stored original in the same statement. */
  replyToId: string | undefined;
  createdAt: Date;
}

/** How many stored rows a node remembers for retries (a reconnect resends its unacknowledged outbox). */
const RECENT_ROWS = 5_000;

interface Pending {
  message: NewGroupMessage;
  resolve: (row: GroupMessageRow | undefined) => void;
  reject: (error: unknown) => void;
}

/**
 * The one write before a group broadcast (issue #16, bench B1): every message sent in the same
 * event-loop turn goes into one `INSERT … SELECT … ON CONFLICT (id) DO NOTHING RETURNING`. A row comes
 * back only when it was stored now; none comes back for an id already stored (a retry) or for a
 * sender whose row no longer matches what this node holds (renamed, new picture, deleted, no longer
 * allowed in): the caller tells those apart on that rare path.
 */
export class GroupMessageWriter {
  private readonly batch = new TurnBatch<Pending>({
    write: (batch) => this.write(batch),
    fail: (entry, error) => entry.reject(error),
  });
  /** The latest rows this node stored, by id, oldest first: a retry is answered without a query. */
  private readonly recent = new Map<string, GroupMessageRow>();

  constructor(private readonly db: Database) {}

  /** A row this node stored lately under `id` (a retry to another node finds it in the database). */
  recentlyStored(id: string): GroupMessageRow | undefined {
    return this.recent.get(id);
  }

  /** Resolves after the commit with the stored row, or `undefined` when nothing was stored. */
  insert(message: NewGroupMessage): Promise<GroupMessageRow | undefined> {
    return new Promise((resolve, reject) => this.batch.add({ message, resolve, reject }));
  }

  private async write(batch: Pending[]): Promise<void> {
    const { stored, firstById } = await insertBatch(this.db, batch);
    this.remember(stored.values());
    for (const entry of batch) {
      const row = stored.get(entry.message.id);
      entry.resolve(firstById.get(entry.message.id) === entry ? row : undefined);
    }
  }

  private remember(rows: Iterable<GroupMessageRow>): void {
    for (const row of rows) this.recent.set(row.id, row);
    for (const id of this.recent.keys()) {
      if (this.recent.size <= RECENT_ROWS) break;
      this.recent.delete(id);
    }
  }
}

/** Inserts a batch: the rows stored now by id, and the entry that carried each id first. */
async function insertBatch(db: Database, batch: Pending[]) {
  // The same id twice in one batch (a retry racing its original): stored once, by the first.
  const firstById = new Map<string, Pending>();
  for (const entry of batch) if (!firstById.has(entry.message.id)) firstById.set(entry.message.id, entry);
  const result = await db.execute<StoredRow>(
    insertNewRows([...firstById.values()].map((entry) => entry.message)),
  );
  const rows = rowsOf<StoredRow>(result);
  const stored = new Map(rows.map((row) => [row.id, toRow(row)]));
  return { stored, firstById };
}

/** What the insert returns, in types both drivers read alike (no int8, no timestamp parsing). */
interface StoredRow extends Record<string, unknown> {
  id: string;
  seq: number;
  sender_id: string;
  sender_username: string;
  sender_profile_image: string | null;
  content: string;
  type: GroupMessageType;
  reply_to: GroupReplyPreview | null;
  created_ms: number;
}

function toRow(row: StoredRow): GroupMessageRow {
  return {
    id: row.id,
    seq: Number(row.seq),
    senderId: row.sender_id,
    senderUsername: row.sender_username,
    senderProfileImage: row.sender_profile_image,
    content: row.content,
    type: row.type,
    replyTo: row.reply_to,
    createdAt: new Date(Number(row.created_ms)),
    deletedAt: null,
  };
}

/**
 * The insert of a batch. Each row is joined to its sender's current row, which
 * must still be what the message shows (name, picture) and still be allowed in the group (not deleted;
 * a guest or a verified account).
 */
function insertNewRows(messages: NewGroupMessage[]): SQL {
  const values = sql.join(
    messages.map(
      ({ id, sender, content, type, replyToId, createdAt }) =>
        sql`(${id}::uuid, ${sender.id}::text, ${publicName(sender)}::text, ${content}::text, ${type}::text,
          ${replyToId ?? null}::uuid, ${createdAt.toISOString()}::timestamptz, ${sender.username}::text,
          ${sender.displayUsername}::text, ${sender.profileImage}::text)`,
    ),
    sql`, `,
  );
  return sql`insert into "group_messages"
      (id, sender_id, sender_username, sender_profile_image, content, type, reply_to, created_at)
    select v.id, v.sender_id, v.sender_username, u.profile_image, v.content, v.type,
      (select jsonb_build_object(
          'id', o.id, 'content', o.content, 'senderId', o.sender_id,
          'senderUsername', case when d.id is null then o.sender_username else ${DISPLAY_NAME_FALLBACKS.deletedUser}::text end,
          'timestamp', (extract(epoch from o.created_at) * 1000)::bigint, 'type', o.type)
        from group_messages o left join deleted_users d on d.id = o.sender_id
        where o.id = v.reply_id and o.deleted_at is null),
      v.created_at
    from (values ${values}) as v(id, sender_id, sender_username, content, type, reply_id, created_at,
      username, display_username, profile_image)
    join "user" u on u.id = v.sender_id
      and u.username is not distinct from v.username
      and u.display_username is not distinct from v.display_username
      and u.profile_image is not distinct from v.profile_image
      and not u.is_deleted
      and (u.is_guest or u.is_anonymous is true or u.email_verified)
    on conflict (id) do nothing
    returning id::text, seq::float8 as seq, sender_id, sender_username, sender_profile_image, content, type,
      reply_to, (extract(epoch from created_at) * 1000)::float8 as created_ms`;
}
