import { getTableName, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import {
  bannedUsers,
  conversations,
  deletedUsers,
  directMessages,
  friendRequests,
  groupMessages,
  mutedUsers,
  reports,
  uploads,
  user,
  userBlocks,
} from "../../src/db/schema";

/** Rows a refused request or event must never add or remove (sessions and device sightings aside). */
const WATCHED_TABLES = {
  user,
  deletedUsers,
  conversations,
  directMessages,
  friendRequests,
  groupMessages,
  bannedUsers,
  mutedUsers,
  reports,
  uploads,
  userBlocks,
} as const;

export type WriteCounts = Record<keyof typeof WATCHED_TABLES, number>;

/** One statement (PGlite runs on this thread: eleven queries would each hold the event loop). */
export async function writeCounts(app: FastifyInstance): Promise<WriteCounts> {
  const columns = Object.entries(WATCHED_TABLES).map(
    ([name, table]) =>
      sql`(select count(*)::int from ${sql.identifier(getTableName(table))}) as ${sql.identifier(name)}`,
  );
  const result = (await app.db.execute(sql`select ${sql.join(columns, sql`, `)}`)) as unknown as {
    rows: WriteCounts[];
  };
  const [row] = result.rows;
  if (!row) throw new Error("no counts");
  return row;
}
