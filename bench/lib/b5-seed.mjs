// B5's data: a scratch PostgreSQL database (and a PGlite one) migrated like the server does, then filled in bulk with
// generate_series (INSERT … SELECT, never row by row): 100,000 users, 100,000 conversations, 1,000,000
// direct messages (one deep conversation of 100,009 and 9 in each other), both people's state rows,
// 200,000 accepted friendships and 200,000 streaks (each user with the next and the one after).
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";

export const USERS = 100_000;
export const DEEP_MESSAGES = 100_009;
export const MESSAGES_PER_CONVERSATION = 9;
/** The user ids `b5u0000001` … (fixed width, so their text order is their number order). */
export const userIdSql = (expression) => `'b5u' || lpad((${expression})::text, 7, '0')`;
export const userId = (number) => `b5u${String(number).padStart(7, "0")}`;
/** Conversation k is between user k and user k + 1 (`conversationIdOf`: the two ids sorted, '-'). */
export const conversationId = (k) => `${userId(k)}-${userId(k + 1)}`;
/** A busy user with 200 conversations (four pages of CONVERSATION_PAGE_SIZE) beside the chain's one or two. */
export const HUB = USERS + 2;
export const HUB_CONVERSATIONS = 200;
const HUB_RANGE = `generate_series(3, ${2 + HUB_CONVERSATIONS}) k`;

/** The seed, in order: the same statements on PostgreSQL and on PGlite. */
export const SEED_STATEMENTS = [
  `insert into "user" (id, name, email, username, email_verified, created_at, updated_at)
     select ${userIdSql("g")}, 'b5 user ' || g, 'b5u' || g || '@example.com', ${userIdSql("g")}, true, now(), now()
     from generate_series(1, ${USERS + 2}) g`,
  `insert into conversations (id, user_a, user_b, last_seq, created_at, updated_at)
     select ${userIdSql("k")} || '-' || ${userIdSql("k + 1")}, ${userIdSql("k")}, ${userIdSql("k + 1")},
            case when k = 1 then ${DEEP_MESSAGES} else ${MESSAGES_PER_CONVERSATION} end, now(), now()
     from generate_series(1, ${USERS}) k`,
  // The deep conversation, then 9 messages in each of the others, alternating senders.
  `insert into direct_messages (id, conversation_id, sender_id, receiver_id, content, type, status, created_at, seq)
     select gen_random_uuid(), ${userIdSql(1)} || '-' || ${userIdSql(2)},
            ${userIdSql("1 + (s % 2)")}, ${userIdSql("2 - (s % 2)")},
            'deep message number ' || s || ' with some ordinary chat text around it', 'text', 'read',
            now() - make_interval(secs => ${DEEP_MESSAGES} - s), s
     from generate_series(1, ${DEEP_MESSAGES}) s`,
  `insert into direct_messages (id, conversation_id, sender_id, receiver_id, content, type, status, created_at, seq)
     select gen_random_uuid(), ${userIdSql("k")} || '-' || ${userIdSql("k + 1")},
            ${userIdSql("k + (s % 2)")}, ${userIdSql("k + 1 - (s % 2)")},
            'message ' || s || ' of conversation ' || k || ', an ordinary line of chat', 'text', 'read',
            now() - make_interval(mins => ${MESSAGES_PER_CONVERSATION} - s), s
     from generate_series(2, ${USERS}) k, generate_series(1, ${MESSAGES_PER_CONVERSATION}) s`,
  `insert into conversation_state (user_id, conversation_id, unread_count, last_read_seq, last_message_at)
     select ${userIdSql("k + side")}, ${userIdSql("k")} || '-' || ${userIdSql("k + 1")}, 0, 0, now()
     from generate_series(1, ${USERS}) k, generate_series(0, 1) side`,
  `insert into friend_requests (sender_id, receiver_id, status)
     select ${userIdSql("k")}, ${userIdSql("k + step")}, 'accepted'
     from generate_series(1, ${USERS}) k, generate_series(1, 2) step`,
  // The hub: conversations with users 3…202, three messages each, both state rows.
  `insert into conversations (id, user_a, user_b, last_seq, created_at, updated_at)
     select ${userIdSql("k")} || '-' || ${userIdSql(HUB)}, ${userIdSql("k")}, ${userIdSql(HUB)}, 3,
            now() - make_interval(mins => k), now() - make_interval(mins => k)
     from ${HUB_RANGE}`,
  `insert into direct_messages (id, conversation_id, sender_id, receiver_id, content, type, status, created_at, seq)
     select gen_random_uuid(), ${userIdSql("k")} || '-' || ${userIdSql(HUB)},
            case when s = 2 then ${userIdSql(HUB)} else ${userIdSql("k")} end,
            case when s = 2 then ${userIdSql("k")} else ${userIdSql(HUB)} end,
            'hub message ' || s || ' with user ' || k, 'text', 'delivered', now() - make_interval(mins => k, secs => 3 - s), s
     from ${HUB_RANGE}, generate_series(1, 3) s`,
  `insert into conversation_state (user_id, conversation_id, unread_count, last_read_seq, last_message_at)
     select case when side = 0 then ${userIdSql("k")} else ${userIdSql(HUB)} end,
            ${userIdSql("k")} || '-' || ${userIdSql(HUB)}, side, 2, now() - make_interval(mins => k)
     from ${HUB_RANGE}, generate_series(0, 1) side`,
  // Streaks: counts 0–150, nine in ten stored active, last streak day today, yesterday or two days
  // ago (a third of them read broken: no sweep has run), reached over the last 100 days.
  `select setseed(0.5)`,
  `insert into streaks (user_a, user_b, count, last_message_at, last_streak_day, active, highest_count, reached_at)
     select ${userIdSql("k")}, ${userIdSql("k + step")}, c, now() - random() * interval '2 days',
            to_char(current_date - (random() * 2.99)::int, 'YYYY-MM-DD'), random() < 0.9,
            c + (random() * 10)::int, now() - random() * interval '100 days'
     from (select k, step, (random() * 150)::int as c
             from generate_series(1, ${USERS}) k, generate_series(1, 2) step) rows`,
];

/**
 * The bulk load after the migrations, through `query` (one session): the foreign keys hold by
 * construction, so their per-row triggers are skipped; then VACUUM ANALYZE and a CHECKPOINT, so the
 * load's dirty pages are written now, not by a checkpoint running while the reads are timed.
 */
async function loadSeed(query) {
  await query("set session_replication_role = replica");
  for (const statement of SEED_STATEMENTS) await query(statement);
  await query("set session_replication_role = origin");
  await query("vacuum analyze");
  await query("checkpoint");
}

const seeded = (log, where, started) => {
  const seconds = (performance.now() - started) / 1_000;
  log(`B5 seeded ${where}: 1,000,000 messages, 200,000 streaks in ${seconds.toFixed(1)} s`);
  return seconds;
};

/** Migrates `databaseUrl` with the server's migrations, then seeds it; returns the seconds it took. */
export async function seedB5(root, databaseUrl, log) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  try {
    const started = performance.now();
    await migrate(drizzle(pool), { migrationsFolder: path.join(root, "apps/server/drizzle") });
    const client = await pool.connect();
    try {
      await loadSeed((sql) => client.query(sql));
    } finally {
      client.release();
    }
    return seeded(log, "PostgreSQL", started);
  } finally {
    await pool.end();
  }
}

/**
 * A PGlite database in `dataDir` (the server's engine when DATABASE_URL is unset), migrated by the
 * server's migrations with drizzle's PGlite migrator and seeded by the same statements; returns the open
 * client (the caller closes it) and the seconds it took.
 */
export async function seedB5Pglite(root, dataDir, log) {
  const started = performance.now();
  const client = new PGlite(dataDir);
  try {
    await migratePglite(drizzlePglite(client), { migrationsFolder: path.join(root, "apps/server/drizzle") });
    await loadSeed((sql) => client.exec(sql));
    return { client, seconds: seeded(log, "PGlite", started) };
  } catch (error) {
    await client.close().catch(() => undefined);
    throw error;
  }
}
