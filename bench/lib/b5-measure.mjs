// B5's measurements on the seeded database: the DM insert path against pgbench's single-row insert
// (both driven by pgbench on the load core, alternated), history pages by keyset (the server's own
// `readDirectMessages`) against OFFSET, the first page of the conversation list (the server's own
// `listConversations`), and the server's own `readLeaderboard` with its EXPLAIN.
import { execFile } from "node:child_process";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { and, desc, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { register } from "tsx/esm/api";
import { conversationId, DEEP_MESSAGES, HUB, USERS, userId, userIdSql } from "./b5-seed.mjs";
import { LOAD_CORE } from "./processes.mjs";
import { median } from "./stats.mjs";

const run = promisify(execFile);

export const INSERT_CLIENTS = Number(process.env.B5_CLIENTS ?? 4);
export const INSERT_SECONDS = Number(process.env.B5_INSERT_SECONDS ?? 4);
export const INSERT_ROUNDS = Number(process.env.B5_ROUNDS ?? 3);
export const PAGE_SAMPLES = Number(process.env.B5_PAGE_SAMPLES ?? 1_000);
/** OFFSET pages deep in the thread take tens of ms each: fewer samples, said so in the report. */
export const OFFSET_DEEP_SAMPLES = Number(process.env.B5_OFFSET_DEEP_SAMPLES ?? 40);
export const LEADERBOARD_SAMPLES = Number(process.env.B5_LEADERBOARD_SAMPLES ?? 1_000);
export const LIST_SAMPLES = Number(process.env.B5_LIST_SAMPLES ?? 1_000);
/**
 * Untimed calls before each read is timed, on the same connection. The server's pool keeps its
 * connections open, and a fresh one is slow at first: here a new PostgreSQL backend's first few thousand
 * statements had a p99 of 1.5–2 ms even for `select 1` (0.1 ms once warm), and PGlite's WebAssembly
 * tiers up over its first calls. 50 calls of warm-up measured the connection's start, not its work.
 */
export const WARMUP_CALLS = Number(process.env.B5_WARMUP ?? 2_000);
const PAGE = 50;
/** The conversation list's page (CONVERSATION_PAGE_SIZE, the server's default and largest). */
const LIST_PAGE = 50;

const TEXT = "hello from the benchmark, an ordinary line of chat about nothing much at all";

/** pgbench's baseline: one INSERT into a table like direct_messages (same columns and indexes, no FKs). */
export const BASELINE_SCRIPT = `\\set k random(1, ${USERS})
INSERT INTO b5_baseline (id, conversation_id, sender_id, receiver_id, content, type, created_at, seq)
  VALUES (gen_random_uuid(), 'c' || :k, 'a', 'b', '${TEXT}', 'text', now(), nextval('b5_baseline_seq'));
`;

/**
 * The send as the server issues it (send-direct-message.ts `writeMessage` with streak-store.ts
 * `streakUpsertSql`): ONE statement — the conversation upsert taking the seq, the message, both state
 * rows, and the streak row created or updated by spec §4 in its ON CONFLICT (the friendship row held FOR
 * SHARE). The pre-checks the server reads before it (sender, block, duplicate) are not part of it.
 */
const A = userIdSql(":k");
const B = userIdSql(":k + 1");
const PAIR = `${A} || '-' || ${B}`;
const TODAY = "to_char(now() at time zone 'UTC', 'YYYY-MM-DD')";
export const SEND_SCRIPT = `\\set k random(2, ${USERS - 1})
WITH conversation AS (
  INSERT INTO conversations (id, user_a, user_b, last_seq, created_at, updated_at)
  VALUES (${PAIR}, ${A}, ${B}, 1, now(), now())
  ON CONFLICT (id) DO UPDATE SET last_seq = conversations.last_seq + 1, updated_at = excluded.updated_at
  RETURNING last_seq),
message AS (
  INSERT INTO direct_messages (id, conversation_id, sender_id, receiver_id, content, type, reply_to_id, created_at, seq)
  SELECT gen_random_uuid(), ${PAIR}, ${A}, ${B}, '${TEXT}', 'text', NULL, now(), last_seq FROM conversation
  RETURNING *),
states AS (
  INSERT INTO conversation_state (user_id, conversation_id, unread_count, last_message_at)
  VALUES (${A}, ${PAIR}, 0, now()), (${B}, ${PAIR}, 1, now())
  ON CONFLICT (user_id, conversation_id) DO UPDATE SET
    unread_count = conversation_state.unread_count + excluded.unread_count,
    last_message_at = excluded.last_message_at, hidden = false,
    unhidden_at = CASE WHEN excluded.unread_count > 0 AND conversation_state.hidden THEN now() ELSE conversation_state.unhidden_at END
  RETURNING user_id, unread_count, last_read_seq, unhidden_at),
streak AS (
  INSERT INTO streaks (user_a, user_b, count, last_message_at, active, highest_count, reached_at, previous_count)
  SELECT ${A}, ${B}, 0, now(), false, 0, now(), 0
  WHERE EXISTS (SELECT 1 FROM friend_requests
    WHERE least(sender_id, receiver_id) = ${A} AND greatest(sender_id, receiver_id) = ${B} AND status = 'accepted' FOR SHARE)
  ON CONFLICT (user_a, user_b) DO UPDATE SET
    (count, last_message_at, last_streak_day, active, highest_count, reached_at, previous_count) = (
      SELECT next.count, greatest(now(), streaks.last_message_at),
        CASE WHEN moved THEN ${TODAY} ELSE streaks.last_streak_day END,
        moved OR (f.active AND next.count > 0),
        greatest(streaks.highest_count, next.count),
        CASE WHEN next.count <> streaks.count THEN now() ELSE streaks.reached_at END,
        streaks.count
      FROM (
        SELECT streaks.active AND streaks.count > 0 AND days IS NOT NULL AND days <= 1 AS active, within, days
        FROM (SELECT ${TODAY}::date - streaks.last_streak_day::date AS days,
                now() - streaks.last_message_at <= interval '1 millisecond' * 86400000 AS within) d
      ) f,
      LATERAL (SELECT f.within AND (streaks.count = 0 OR NOT f.active) AS restart, f.active AND f.days > 0 AS rise) c,
      LATERAL (SELECT restart OR rise AS moved,
        CASE WHEN restart THEN 1 WHEN rise THEN streaks.count + 1 WHEN NOT f.within AND NOT f.active THEN 0
          ELSE streaks.count END AS count) next)
  RETURNING count, last_message_at, last_streak_day, active, previous_count, (xmax = 0) AS inserted)
SELECT message.*, states.unread_count, streak.* FROM message JOIN states ON states.user_id = ${B} LEFT JOIN streak ON true;
`;

/**
 * Two floors under the send, run beside it for information (issue #12's bar is ≥ 0.7× the baseline):
 * the message row alone in the real `direct_messages` (its conversation key checked; the seq from a
 * sequence far above the seeded ones, so nothing else is read or written), and the message with the
 * conversation upsert that allocates its seq — the least any send that keeps a per-conversation seq
 * writes. Whatever the rest of the send costs, its ratio cannot pass these.
 */
const MESSAGE_INSERT = `INSERT INTO direct_messages (id, conversation_id, sender_id, receiver_id, content, type, reply_to_id, created_at, seq)`;
export const FLOOR_SCRIPTS = [
  {
    name: "the message row alone (conversation key checked, seq from a sequence)",
    script: `\\set k random(2, ${USERS - 1})
${MESSAGE_INSERT}
  VALUES (gen_random_uuid(), ${PAIR}, ${A}, ${B}, '${TEXT}', 'text', NULL, now(), nextval('b5_floor_seq'));
`,
  },
  {
    name: "the message + the conversation upsert that allocates its seq",
    script: `\\set k random(2, ${USERS - 1})
WITH conversation AS (
  INSERT INTO conversations (id, user_a, user_b, last_seq, created_at, updated_at)
  VALUES (${PAIR}, ${A}, ${B}, 1, now(), now())
  ON CONFLICT (id) DO UPDATE SET last_seq = conversations.last_seq + 1, updated_at = excluded.updated_at
  RETURNING last_seq)
${MESSAGE_INSERT}
  SELECT gen_random_uuid(), ${PAIR}, ${A}, ${B}, '${TEXT}', 'text', NULL, now(), last_seq FROM conversation;
`,
  },
];

async function pgbench(databaseUrl, scriptFile) {
  const url = new URL(databaseUrl);
  const { stdout } = await run(
    "taskset",
    [
      "-c",
      LOAD_CORE,
      "pgbench",
      "-n",
      "-M",
      "prepared",
      "-c",
      String(INSERT_CLIENTS),
      "-j",
      "1",
      "-T",
      String(INSERT_SECONDS),
      "-f",
      scriptFile,
      "-h",
      url.hostname,
      "-p",
      url.port || "5432",
      "-U",
      decodeURIComponent(url.username || "postgres"),
      url.pathname.slice(1),
    ],
    { env: { ...process.env, PGPASSWORD: decodeURIComponent(url.password) } },
  );
  const tps = Number(/tps = ([\d.]+)/.exec(stdout)?.[1]);
  const latency = Number(/latency average = ([\d.]+) ms/.exec(stdout)?.[1]);
  return { tps, latencyMs: latency };
}

/** pgbench baseline and the send transaction, alternated (A B A B …); medians. */
export async function measureInserts(databaseUrl, workDir, log) {
  await withClient(databaseUrl, async (client) => {
    await client.query(
      "create table b5_baseline (like direct_messages including defaults including constraints including indexes)",
    );
    await client.query("create sequence b5_baseline_seq");
    await client.query("create sequence b5_floor_seq start 1000000000000");
  });
  const baselineFile = path.join(workDir, "b5-baseline.sql");
  const sendFile = path.join(workDir, "b5-send.sql");
  await writeFile(baselineFile, BASELINE_SCRIPT);
  await writeFile(sendFile, SEND_SCRIPT);
  const floorFiles = await Promise.all(
    FLOOR_SCRIPTS.map(async ({ script }, index) => {
      const file = path.join(workDir, `b5-floor-${index}.sql`);
      await writeFile(file, script);
      return file;
    }),
  );
  const baseline = [];
  const send = [];
  const floors = FLOOR_SCRIPTS.map(() => []);
  for (let round = 1; round <= INSERT_ROUNDS; round += 1) {
    baseline.push(await pgbench(databaseUrl, baselineFile));
    send.push(await pgbench(databaseUrl, sendFile));
    for (const [index, file] of floorFiles.entries()) floors[index].push(await pgbench(databaseUrl, file));
    log(
      `B5 inserts round ${round}: pgbench ${baseline.at(-1).tps.toFixed(0)} tps, send tx ${send.at(-1).tps.toFixed(0)} tps, floors ${floors.map((runs) => runs.at(-1).tps.toFixed(0)).join(" / ")} tps`,
    );
  }
  const ratioTo = (runs) => median(runs.map((result, index) => result.tps / baseline[index].tps));
  const baselineTps = median(baseline.map((result) => result.tps));
  const sendTps = median(send.map((result) => result.tps));
  return {
    baselineTps,
    sendTps,
    // Per round (each candidate run against the baseline run just before it), then the median: the
    // shared machine's load moves both sides of a pair together more than it moves two rounds.
    ratio: ratioTo(send),
    floors: FLOOR_SCRIPTS.map(({ name }, index) => ({
      name,
      tps: median(floors[index].map((result) => result.tps)),
      ratio: ratioTo(floors[index]),
    })),
    baselineLatencyMs: median(baseline.map((result) => result.latencyMs)),
    sendLatencyMs: median(send.map((result) => result.latencyMs)),
    rounds: INSERT_ROUNDS,
    clients: INSERT_CLIENTS,
    seconds: INSERT_SECONDS,
  };
}

/**
 * A pgbench script of B5 as one SQL statement for `k` (PGlite has no pgbench; its insert comparison runs
 * the same scripts one statement at a time): its `\\set k random(low, high)` line dropped and `:k` replaced.
 */
export function scriptStatement(script, k) {
  return script
    .split("\n")
    .filter((line) => !line.startsWith("\\set "))
    .join("\n")
    .replaceAll(/:k\b/g, String(k))
    .trim();
}

/** The range of `k` in a script's `\\set k random(low, high)` line. */
export function scriptRange(script) {
  const match = /^\\set k random\((\d+), (\d+)\)$/m.exec(script);
  if (!match) throw new Error("the script has no \\set k random(low, high) line");
  return { low: Number(match[1]), high: Number(match[2]) };
}

/**
 * PGlite (one client, no pgbench): pgbench's baseline INSERT and the send statement, each run for
 * INSERT_SECONDS, alternated for INSERT_ROUNDS; statements per second, medians. Information only: the
 * issue's ratio bar is for pgbench on PostgreSQL.
 */
export async function measurePgliteInserts(client, log) {
  await client.exec(
    "create table b5_baseline (like direct_messages including defaults including constraints including indexes); create sequence b5_baseline_seq",
  );
  const rate = async (script) => {
    const { low, high } = scriptRange(script);
    let count = 0;
    const until = performance.now() + INSERT_SECONDS * 1_000;
    while (performance.now() < until) {
      await client.query(scriptStatement(script, low + Math.floor(Math.random() * (high - low + 1))));
      count += 1;
    }
    return count / INSERT_SECONDS;
  };
  const baseline = [];
  const send = [];
  for (let round = 1; round <= INSERT_ROUNDS; round += 1) {
    baseline.push(await rate(BASELINE_SCRIPT));
    send.push(await rate(SEND_SCRIPT));
    log(
      `B5 PGlite inserts round ${round}: baseline ${baseline.at(-1).toFixed(0)}/s, send ${send.at(-1).toFixed(0)}/s`,
    );
  }
  return {
    baselineRate: median(baseline),
    sendRate: median(send),
    ratio: median(send.map((value, index) => value / baseline[index])),
    rounds: INSERT_ROUNDS,
    seconds: INSERT_SECONDS,
  };
}

function percentiles(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  return { count: sorted.length, p50Ms: at(0.5), p99Ms: at(0.99), p999Ms: at(0.999) };
}

async function timed(samples, once) {
  const times = [];
  for (let index = 0; index < samples; index += 1) {
    const started = performance.now();
    await once(index);
    times.push(performance.now() - started);
  }
  return times;
}

let modulesLoaded;
/** The server's modules, loaded through tsx once (the bench measures the code the server runs). */
function serverModules(root) {
  modulesLoaded ??= (async () => {
    register();
    const load = (file) => import(path.join(root, "apps/server/src", file));
    const [history, list, leaderboard, namedStatements, schema] = await Promise.all([
      load("features/direct-messages/dm-history.ts"),
      load("features/direct-messages/conversation-list.ts"),
      load("features/streaks/read-leaderboard.ts"),
      load("db/pglite-named-statements.ts"),
      load("db/schema/index.ts"),
    ]);
    return { ...history, ...list, ...leaderboard, ...namedStatements, schema };
  })();
  return modulesLoaded;
}

/**
 * What `measureReads` needs of a database: a drizzle database over one connection as the server builds
 * it (`drizzle(options, modules)`, options carrying the schema and the logger, modules the server's), a
 * raw `query(sql, params)` for EXPLAIN on that same connection, and `close()`.
 */
export function postgresReads(databaseUrl) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  return {
    drizzle: (options) => drizzle(pool, options),
    query: (sql, params) => pool.query(sql, params),
    close: () => pool.end(),
  };
}

/** The same over an open PGlite client (the caller closes it), with the server's named statements. */
export function pgliteReads(client) {
  return {
    drizzle: (options, modules) => drizzlePglite(modules.withNamedStatements(client), options),
    query: (sql, params) => client.query(sql, params),
    close: async () => undefined,
  };
}

/**
 * Keyset pages (the server's `readDirectMessages`, newest first then `before`) against the same page by
 * OFFSET, at the newest page of random conversations and at the middle and the oldest end of the deep
 * one; and the leaderboard (`readLeaderboard`) with the EXPLAIN (ANALYZE) of its statement.
 */
export async function measureReads(root, database, log) {
  const modules = await serverModules(root);
  const statements = [];
  const db = database.drizzle(
    { schema: modules.schema, logger: { logQuery: (query, params) => statements.push({ query, params }) } },
    modules,
  );
  const { directMessages } = modules.schema;
  try {
    const keyset = (partner, before) =>
      modules.readDirectMessages({
        db,
        userId: userId(partner),
        partnerId: userId(partner + 1),
        query: { limit: PAGE, ...(before ? { before } : {}) },
      });
    const offset = (k, skip) =>
      db
        .select()
        .from(directMessages)
        .where(and(eq(directMessages.conversationId, conversationId(k))))
        .orderBy(desc(directMessages.seq))
        .limit(PAGE + 1)
        .offset(skip);
    const randomConversation = () => 2 + Math.floor(Math.random() * (USERS - 2));
    const middle = Math.floor(DEEP_MESSAGES / 2);
    const positions = [
      {
        name: "newest page, random conversations",
        keyset: () => keyset(randomConversation()),
        offset: () => offset(randomConversation(), 0),
        offsetSamples: PAGE_SAMPLES,
      },
      {
        name: `deep thread, 50,000 back`,
        keyset: () => keyset(1, middle),
        offset: () => offset(1, DEEP_MESSAGES - middle),
        offsetSamples: OFFSET_DEEP_SAMPLES,
      },
      {
        name: `deep thread, oldest page (100,000 back)`,
        keyset: () => keyset(1, PAGE + 1),
        offset: () => offset(1, DEEP_MESSAGES - PAGE),
        offsetSamples: OFFSET_DEEP_SAMPLES,
      },
    ];
    const pages = [];
    for (const position of positions) {
      await timed(WARMUP_CALLS, position.keyset); // warm-up
      // Alternated in blocks: keyset, OFFSET, keyset, OFFSET.
      const keysetTimes = [];
      const offsetTimes = [];
      for (let block = 0; block < 2; block += 1) {
        keysetTimes.push(...(await timed(PAGE_SAMPLES / 2, position.keyset)));
        offsetTimes.push(...(await timed(Math.ceil(position.offsetSamples / 2), position.offset)));
      }
      pages.push({ name: position.name, keyset: percentiles(keysetTimes), offset: percentiles(offsetTimes) });
      log(
        `B5 pages ${position.name}: keyset p99 ${pages.at(-1).keyset.p99Ms.toFixed(2)} ms, OFFSET p99 ${pages.at(-1).offset.p99Ms.toFixed(2)} ms`,
      );
    }

    /** Runs `call` once and EXPLAINs (ANALYZE) the statements it sent. */
    const explainOf = async (call) => {
      statements.length = 0;
      const value = await call();
      const plans = [];
      for (const { query, params } of statements.splice(0)) {
        const result = await database.query(`explain (analyze, buffers, format json) ${query}`, params);
        plans.push(result.rows[0]["QUERY PLAN"][0]);
      }
      return { value, plans };
    };
    const deepPage = await explainOf(() => positions[1].keyset());
    const keysetPlan = summarisePlan(deepPage.plans[0]);

    // The conversation list (the server's `listConversations`, ADR 0010): the first page of 50 of the
    // hub's 200, and random users' one or two (the whole list on one page).
    const lists = [];
    for (const [name, user] of [
      ["first page of 50, a user with 200 conversations", () => userId(HUB)],
      ["random users (1–2 conversations)", () => userId(2 + Math.floor(Math.random() * (USERS - 2)))],
    ]) {
      const list = () => modules.listConversations(db, user(), { limit: LIST_PAGE });
      await timed(WARMUP_CALLS, list);
      const { value, plans } = await explainOf(list);
      lists.push({
        name,
        conversations: value.conversations.length,
        ...percentiles(await timed(LIST_SAMPLES, list)),
        plan: summarisePlan(plans[0]),
      });
      log(
        `B5 conversation list, ${name}: ${value.conversations.length} rows, p50 ${lists.at(-1).p50Ms.toFixed(2)} ms p99 ${lists.at(-1).p99Ms.toFixed(2)} ms; ${lists.at(-1).plan.summary}`,
      );
    }

    const now = Date.now();
    const board = () => modules.readLeaderboard(db, { now, timeZone: "UTC" });
    await timed(WARMUP_CALLS, board);
    const { value: entries, plans: explained } = await explainOf(board);
    const leaderboardTimes = await timed(LEADERBOARD_SAMPLES, board);
    const leaderboard = {
      ...percentiles(leaderboardTimes),
      statements: explained.length,
      entries: entries.length,
      top: entries[0]?.totalStreak ?? null,
      plan: summarisePlan(explained[0]),
    };
    log(
      `B5 leaderboard p50 ${leaderboard.p50Ms.toFixed(2)} ms p99 ${leaderboard.p99Ms.toFixed(2)} ms; ${leaderboard.plan.summary}`,
    );
    return { pages, keysetPlan, lists, leaderboard };
  } finally {
    await database.close();
  }
}

/**
 * The plan's nodes that read a relation, its execution time, whether any of them scans `streaks` whole,
 * and the rows of any sort in it (a keyset read has none).
 */
function summarisePlan(explain) {
  const nodes = [];
  const sortedRows = [];
  const walk = (node) => {
    if (node["Node Type"].endsWith("Sort")) sortedRows.push(node["Actual Rows"] * node["Actual Loops"]);
    if (node["Relation Name"]) {
      nodes.push(
        `${node["Node Type"]}${node["Index Name"] ? ` using ${node["Index Name"]}` : ""} on ${node["Relation Name"]} (${node["Actual Rows"]} rows × ${node["Actual Loops"]})`,
      );
    }
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(explain.Plan);
  const seqScanOfStreaks = nodes.some((node) => node.startsWith("Seq Scan") && node.includes(" on streaks "));
  const seqScan = nodes.some((node) => node.startsWith("Seq Scan"));
  const unique = [...new Set(nodes)];
  return {
    executionMs: explain["Execution Time"],
    seqScanOfStreaks,
    nodes: unique,
    sortedRows,
    summary: `${seqScan ? "a SEQ SCAN" : "index scans only"}, ${sortedRows.length > 0 ? `a sort of ${sortedRows.join(" + ")} rows` : "no sort"}, ${explain["Execution Time"].toFixed(2)} ms executed`,
  };
}

async function withClient(databaseUrl, use) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}
