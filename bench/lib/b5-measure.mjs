// B5's read measurements on the seeded database (the inserts: b5-inserts.mjs): history pages by keyset
// (the server's own `readDirectMessages`) against OFFSET, the first page of the conversation list (the server's own
// `listConversations`), and the server's own `readLeaderboard` with its EXPLAIN.
import { and, desc, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { register } from "tsx/esm/api";
import { conversationId, DEEP_MESSAGES, HUB, USERS, userId } from "./b5-seed.mjs";

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
export function serverModules() {
  modulesLoaded ??= (async () => {
    register();
    // Literal paths, so the lint's import rules see what the bench takes: a feature only through its index.
    const [dm, streaks, namedStatements, schema, database] = await Promise.all([
      import("../../apps/server/src/features/direct-messages/index.ts"),
      import("../../apps/server/src/features/streaks/index.ts"),
      import("../../apps/server/src/patches/pglite-named-statements.ts"),
      import("../../apps/server/src/db/schema/index.ts"),
      import("../../apps/server/src/db/create-database.ts"),
    ]);
    return { ...dm, ...streaks, ...namedStatements, ...database, schema };
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

const namedClients = new WeakMap();
/**
 * The server's named statements over an open PGlite client, one wrapper per client: each wrapper names
 * its statements by its own counter, so two over one client would reuse each other's names.
 */
export function namedPglite(client, modules) {
  if (!namedClients.has(client)) namedClients.set(client, modules.withNamedStatements(client));
  return namedClients.get(client);
}

/** The same over an open PGlite client (the caller closes it), with the server's named statements. */
export function pgliteReads(client) {
  return {
    drizzle: (options, modules) => drizzlePglite(namedPglite(client, modules), options),
    query: (sql, params) => client.query(sql, params),
    close: async () => undefined,
  };
}

/**
 * Keyset pages (the server's `readDirectMessages`, newest first then `before`) against the same page by
 * OFFSET, at the newest page of random conversations and at the middle and the oldest end of the deep
 * one; and the leaderboard (`readLeaderboard`) with the EXPLAIN (ANALYZE) of its statement.
 */
export async function measureReads(database, log) {
  const modules = await serverModules();
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
