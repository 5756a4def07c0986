// B5 (BENCHMARKS.md; issue #12): the message store at a million rows, on PostgreSQL (DATABASE_URL; the
// half is skipped without it) and on PGlite (the server's engine without DATABASE_URL), seeded alike.
// A scratch database migrated like the server's and seeded in bulk (bench/lib/b5-seed.mjs), then:
// - the DM insert path — the server's writer (ADR 0011: each message with its conversation's seq, both
//   unread rows and its pair's streak, the messages that arrive together in one send statement) driven
//   by N concurrent senders — against pgbench's single-row insert into a table like direct_messages
//   driven by N clients, each over a ladder of N on the load core, alternated; the bar is the writer's
//   peak ≥ 0.7× pgbench's peak (bench/lib/b5-inserts.mjs; on PGlite, which has no pgbench, the baseline
//   one statement at a time, reported as information);
// - a history page of 50 by keyset (the server's `readDirectMessages`) at the newest page and deep in a
//   100,000-message thread, against OFFSET paging; the bar is p99 ≤ 2 ms at any depth;
// - the conversation list (the server's `listConversations`, ADR 0010): its first page of 50 for a
//   user with 200 conversations, and random users' one or two; bar p99 ≤ 5 ms;
// - the leaderboard (the server's `readLeaderboard`): p50/p99 and its EXPLAIN (ANALYZE); bar p99 ≤ 5 ms
//   with index scans only (issue #12).
// Each bar is judged per database (bench/lib/b5-judge.mjs). This process and pgbench run on the load
// core for the PostgreSQL half; PostgreSQL is the machine's shared service, its backends not pinned (they
// run on either core). For the PGlite half this process is the database too and runs on both cores.

import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { measureInserts, measurePgliteInserts } from "./lib/b5-inserts.mjs";
import { BAR, judgeReads } from "./lib/b5-judge.mjs";
import {
  measureReads,
  OFFSET_DEEP_SAMPLES,
  pgliteReads,
  postgresReads,
  WARMUP_CALLS,
} from "./lib/b5-measure.mjs";
import { seedB5, seedB5Pglite } from "./lib/b5-seed.mjs";
import { LOAD_CORE, SERVER_CORE } from "./lib/processes.mjs";
import { formatNumber as n } from "./lib/stats.mjs";

/** Runs `sql` on DATABASE_URL's server over a connection of its own; its rows. */
async function onServer(serverUrl, sql) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

/**
 * The PostgreSQL server's settings that decide how much of B5's working set stays in its own cache and
 * how often it writes: the figures depend on them, so RESULTS.md names them.
 */
async function serverSettings(serverUrl) {
  const rows = await onServer(
    serverUrl,
    `select name, setting, unit from pg_settings
      where name in ('server_version', 'shared_buffers', 'max_wal_size', 'synchronous_commit', 'wal_level')
      order by name`,
  );
  return rows.map((row) => `${row.name} ${settingValue(row)}`).join(", ");
}

/** `shared_buffers` is counted in 8 kB pages, `max_wal_size` in MB (both shown in MB); the rest have no unit. */
function settingValue({ setting, unit }) {
  if (unit === "8kB") return `${n((Number(setting) * 8) / 1024)} MB`;
  if (unit === "MB") return `${n(Number(setting))} MB`;
  return setting;
}

/** How long a half took since `started`, and the load average at its end. */
const finished = (started) => ({
  totalSeconds: (performance.now() - started) / 1_000,
  loadAverage: loadavg()[0],
});

/** PostgreSQL: a scratch database on DATABASE_URL's server, seeded, read, then pgbench's inserts. */
async function runPostgres(root, serverUrl, workDir, log) {
  const name = `heartline_b5_${randomBytes(6).toString("hex")}`;
  await onServer(serverUrl, `create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    const started = performance.now();
    const seedSeconds = await seedB5(root, url.toString(), log);
    const reads = await measureReads(postgresReads(url.toString()), log);
    const inserts = await measureInserts(url.toString(), workDir, log);
    return {
      seedSeconds,
      inserts,
      settings: await serverSettings(serverUrl),
      ...reads,
      ...finished(started),
    };
  } finally {
    await onServer(serverUrl, `drop database if exists "${name}" with (force)`);
  }
}

/**
 * PGlite in this process (the server's engine without DATABASE_URL), in a temporary directory. This
 * process is then the database and its client at once: it runs on the server's core and the load core,
 * as PostgreSQL and its client did in the first half. Pinned to one core, V8's helper threads (concurrent
 * GC, WebAssembly tier-up) preempt the thread being timed: the deep keyset page's p99 was 4.05 ms on one
 * core against 1.51 ms on two, the same calls.
 */
async function runPglite(root, workDir, log) {
  execFileSync("taskset", ["-a", "-cp", `${SERVER_CORE},${LOAD_CORE}`, String(process.pid)], {
    stdio: "ignore",
  });
  const started = performance.now();
  const { client, seconds: seedSeconds } = await seedB5Pglite(root, path.join(workDir, "pglite"), log);
  try {
    const reads = await measureReads(pgliteReads(client), log);
    const inserts = await measurePgliteInserts(client, log);
    return { seedSeconds, inserts, ...reads, ...finished(started) };
  } finally {
    await client.close();
  }
}

async function run({ root, log }) {
  const serverUrl = process.env.DATABASE_URL;
  // BENCHMARKS.md: the load side on the load core (this process, which drives the reads and runs
  // PGlite, and pgbench).
  execFileSync("taskset", ["-a", "-cp", LOAD_CORE, String(process.pid)], { stdio: "ignore" });
  const workDir = await mkdtemp(path.join(tmpdir(), "heartline-b5-"));
  try {
    let postgres = { skipped: "DATABASE_URL is not set" };
    if (serverUrl) postgres = await runPostgres(root, serverUrl, workDir, log);
    else log("B5 PostgreSQL half skipped: DATABASE_URL is not set; PGlite only");
    const pglite = await runPglite(root, workDir, log);
    return { postgres, pglite };
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

const ms = (value) => `${n(value, 2)} ms`;
const verdict = (passed) => (passed ? "pass" : "**miss**");

/** The history pages, the conversation lists and the leaderboard of one database, as Markdown. */
function renderReads(reads, { driver, pagesMissNote }) {
  const { pages, lists, leaderboard, keysetPlan } = reads;
  const verdicts = judgeReads(reads);
  const listRows = lists.map(
    (list) =>
      `| ${list.name} | ${list.conversations} | ${n(list.count)} | ${ms(list.p50Ms)} | ${ms(list.p99Ms)} | ${ms(list.p999Ms)} | ${list.plan.summary} |`,
  );
  const pageRows = pages.map(
    (page) =>
      `| ${page.name} | ${n(page.keyset.count)} | ${ms(page.keyset.p50Ms)} | ${ms(page.keyset.p99Ms)} | ${ms(page.keyset.p999Ms)} | ${n(page.offset.count)} | ${ms(page.offset.p50Ms)} | ${ms(page.offset.p99Ms)} |`,
  );
  return `**History pages** (the server's \`readDirectMessages\` through drizzle and ${driver}, one connection,
latencies from the call to the rows; keyset and OFFSET alternated in blocks; OFFSET deep in the thread
with ${OFFSET_DEEP_SAMPLES} samples, each takes tens of ms). Every timed read follows ${n(WARMUP_CALLS)} untimed calls of
it on the same connection, as the server's pool keeps its connections: a fresh PostgreSQL backend's first
few thousand statements are slow (p99 1.5–2 ms here even for \`select 1\`), and so are PGlite's first calls.

| position | keyset n | p50 | p99 | p99.9 | OFFSET n | p50 | p99 |
|---|---|---|---|---|---|---|---|
${pageRows.join("\n")}

EXPLAIN (ANALYZE) of the keyset page 50,000 back: ${keysetPlan.summary} (${keysetPlan.nodes.join("; ")}).

Bar: keyset p99 ≤ ${BAR.pageP99Ms} ms at any depth → ${verdict(verdicts.pagesPass)}.${verdicts.pagesPass ? "" : pagesMissNote(reads)}

**Conversation list** (the server's \`listConversations\`, ADR 0010: one page of 50 by keyset, newest
activity first, with each last message, the unread counts and the total over all the user's
conversations; ${n(lists[0]?.count ?? 0)} calls each, after ${n(WARMUP_CALLS)} untimed ones):

| whose list | rows | n | p50 | p99 | p99.9 | EXPLAIN (ANALYZE) of its first statement |
|---|---|---|---|---|---|---|
${listRows.join("\n")}

Relations the first page of 50 reads: ${lists[0]?.plan.nodes.join("; ") ?? "none"}.

Bar (issue #12): p99 ≤ ${BAR.listP99Ms} ms → ${verdict(verdicts.listsPass)}.

**Leaderboard** (the server's \`readLeaderboard\`, ${n(leaderboard.count)} calls after ${n(WARMUP_CALLS)} untimed ones): p50 ${ms(leaderboard.p50Ms)}, p99
${ms(leaderboard.p99Ms)}, p99.9 ${ms(leaderboard.p999Ms)}; ${leaderboard.statements} statement(s) per call, ${leaderboard.entries} entries
(top score ${leaderboard.top}). EXPLAIN (ANALYZE) of its statement: ${leaderboard.plan.summary}; relations read:

${leaderboard.plan.nodes.map((node) => `- ${node}`).join("\n")}

Bar (issue #12): p99 ≤ ${BAR.leaderboardP99Ms} ms with index scans → ${verdict(verdicts.leaderboardPass)}.
`;
}

/** The summary of one database's read bars, for the results table. */
function readsSummary(reads) {
  const verdicts = judgeReads(reads);
  const { pages, leaderboard } = reads;
  return [
    `keyset page of 50 p99 ≤ ${ms(verdicts.worstKeysetMs)} at every depth (OFFSET deep: p99 ${ms(pages.at(-1).offset.p99Ms)}) → ${verdict(verdicts.pagesPass)}`,
    `conversation list p99 ≤ ${ms(verdicts.worstListMs)} (first page of 50 of 200 conversations, and 1–2) → ${verdict(verdicts.listsPass)}`,
    `leaderboard p50 ${ms(leaderboard.p50Ms)}, p99 ${ms(leaderboard.p99Ms)}, ${leaderboard.plan.seqScanOfStreaks ? "seq scan" : "index scans"} → ${verdict(verdicts.leaderboardPass)}`,
  ];
}

const SEED_TEXT = `with generate_series: 100,002 users, 100,200 conversations, 1,000,609 direct
messages (one thread of 100,009, nine in every other, and a busy user with 200 conversations of three),
200,400 state rows, 200,000 friendships, 200,000 streaks`;

/** Both ladders side by side: each level's median rate, "—" where a side was not run at that level. */
function ladderTable(inserts, { baselineName, writerName }) {
  const rate = (rows, level) => {
    const row = rows.find((entry) => entry.level === level);
    return row ? n(row.rate) : "—";
  };
  const levels = [...new Set([...inserts.baseline.rows, ...inserts.writer.rows].map((row) => row.level))];
  levels.sort((one, two) => one - two);
  return `| concurrency (clients / senders) | ${baselineName} | ${writerName} |
|---|---|---|
${levels.map((level) => `| ${level} | ${rate(inserts.baseline.rows, level)} | ${rate(inserts.writer.rows, level)} |`).join("\n")}
| **peak** | **${n(inserts.baseline.peak)}** | **${n(inserts.writer.peak)}** |`;
}

/** The writer's rate against the baseline's at the same concurrency (the ladders' shared levels). */
function sameLevelRatios(inserts) {
  return inserts.writer.rows
    .map((row) => [row, inserts.baseline.rows.find((entry) => entry.level === row.level)])
    .filter(([, baseline]) => baseline)
    .map(([row, baseline]) => `${n(row.rate / baseline.rate, 2)}× at ${row.level}`)
    .join(", ");
}

function renderPostgres(output) {
  const { inserts } = output;
  const insertsPass = inserts.ratio >= BAR.insertRatio;
  const measured = [
    `PostgreSQL: DM writer peak ${n(inserts.writer.peak)} msgs/s vs pgbench single insert peak ${n(inserts.baseline.peak)} tps; per round ${n(inserts.ratio, 2)}× → ${verdict(insertsPass)}`,
    ...readsSummary(output),
  ].join("<br>");
  const pagesMissNote =
    () => ` The plan is an index range scan of 51 entries whatever the depth (PostgreSQL executes it in
${ms(output.keysetPlan.executionMs)}) and the p50 is at most ${ms(Math.max(...output.pages.map((page) => page.keyset.p50Ms)))} at every depth, while OFFSET grows with
the depth; the p99 is set by stalls of the shared machine (load average ${n(output.loadAverage, 1)} on 2 cores at the
end of the run: four sessions share it), which the same run's OFFSET p99 at the newest page shows too.
The keyset side also joins the quoted original (\`readDirectMessages\` returns replies), which the OFFSET
query does not.`;
  const details = `### PostgreSQL

DATABASE_URL's server, a scratch database migrated by the server's migrations, seeded in
${n(output.seedSeconds, 1)} s ${SEED_TEXT}. This half took ${n(output.totalSeconds, 0)} s after the database was created.
The server's settings: ${output.settings}.

**DM insert path** (bench/lib/b5-inserts.mjs). Both sides run on the load core, ${inserts.seconds} s a level,
${inserts.rounds} rounds, each round the whole baseline ladder then the whole writer ladder; each level's median.
Baseline: pgbench (\`-M prepared\`, one thread) with N clients, each an autocommitted single-row INSERT
into \`b5_baseline\` (LIKE direct_messages: the same columns, defaults and indexes, no foreign keys).
Candidate: the server's own writer (\`createDirectMessageWriter\`, ADR 0011) over the server's own pool
(\`createDatabase\`: node-postgres, 10 connections) with N concurrent senders in this process, each
sending its next text when the last was acked after its commit, between seeded friends chosen at random.
Every message is stored by the send statement: the conversation upsert taking its seq, the message, both
state rows (the receiver's unread count), and the pair's streak by spec §4 with the friendship row held
FOR SHARE. Messages that arrive while statements are in flight go together into the next statement, one
per conversation, at most ${inserts.limits.maxBatch} and ${inserts.limits.maxInFlight} statements in flight. The bar (issue #12, ≥ ${BAR.insertRatio}×) compares the peaks:
in each round, each side's most messages per second at any concurrency it was offered; then the median
of the rounds' ratios.

${ladderTable(inserts, { baselineName: "pgbench single-row insert (tps)", writerName: "DM writer (messages/s)" })}

Ratio of the peaks, round by round (each side's best level in the round): ${inserts.roundRatios.map((ratio) => `${n(ratio, 2)}×`).join(", ")};
median ${n(inserts.ratio, 2)}× (bar ≥ ${BAR.insertRatio}×) → ${verdict(insertsPass)}. At the same concurrency, of the medians:
${sameLevelRatios(inserts)}.

${renderReads(output, { driver: "node-postgres", pagesMissNote })}`;
  return { measured, details };
}

function renderPglite(output) {
  const { inserts } = output;
  const measured = [
    `PGlite: DM writer peak ${n(inserts.writer.peak)} msgs/s vs single insert ${n(inserts.baseline.peak)}/s; per round ${n(inserts.ratio, 2)}× (information)`,
    ...readsSummary(output),
  ].join("<br>");
  const pagesMissNote = () => ` PGlite runs in the bench's own process (one connection, single-threaded
WebAssembly): its stalls are this process's (garbage collection, the shared core; load average
${n(output.loadAverage, 1)} at the end of the half), and EXPLAIN executes the page in ${ms(output.keysetPlan.executionMs)}.`;
  const details = `### PGlite

The server's engine without DATABASE_URL: \`@electric-sql/pglite\` in this process (on both cores: it is
the database and its client, where PostgreSQL and its client had a core each), in a temporary directory, migrated by the server's migrations (drizzle's PGlite migrator), read through the server's
named statements (\`patches/pglite-named-statements.ts\`: each SQL text parsed and planned once) and seeded by
the same statements as PostgreSQL in ${n(output.seedSeconds, 1)} s ${SEED_TEXT}. This half took
${n(output.totalSeconds, 0)} s, the seed included.

**DM insert path** (information; the bar is for pgbench on PostgreSQL). PGlite has one connection and no
pgbench: the baseline's INSERT, \`:k\` substituted, runs one statement at a time; the server's writer runs
over the server's named statements with N concurrent senders; ${inserts.seconds} s a level, ${inserts.rounds} rounds alternated;
medians.

${ladderTable(inserts, { baselineName: "single-row insert (statements/s)", writerName: "DM writer (messages/s)" })}

Ratio of the peaks, round by round: ${inserts.roundRatios.map((ratio) => `${n(ratio, 2)}×`).join(", ")}; median ${n(inserts.ratio, 2)}×.

${renderReads(output, { driver: "PGlite", pagesMissNote })}`;
  return { measured, details };
}

/** The read bars of both databases side by side. */
function barsTable(postgres, pglite) {
  const cells = (reads) => {
    if (!reads) return ["not run", "not run", "not run"];
    const verdicts = judgeReads(reads);
    return [
      `${ms(verdicts.worstKeysetMs)} → ${verdict(verdicts.pagesPass)}`,
      `${ms(verdicts.worstListMs)} → ${verdict(verdicts.listsPass)}`,
      `${ms(reads.leaderboard.p99Ms)}, ${reads.leaderboard.plan.seqScanOfStreaks ? "seq scan" : "index scans"} → ${verdict(verdicts.leaderboardPass)}`,
    ];
  };
  const postgresCells = cells(postgres);
  const pgliteCells = cells(pglite);
  const bars = [
    `keyset page of 50, p99 at the worst depth (≤ ${BAR.pageP99Ms} ms)`,
    `conversation list, worst p99 (≤ ${BAR.listP99Ms} ms)`,
    `leaderboard p99 (≤ ${BAR.leaderboardP99Ms} ms, index scans)`,
  ];
  return `| bar (issue #12) | PostgreSQL | PGlite |
|---|---|---|
${bars.map((bar, index) => `| ${bar} | ${postgresCells[index]} | ${pgliteCells[index]} |`).join("\n")}
`;
}

function render(output) {
  const postgres = output.postgres.skipped ? undefined : renderPostgres(output.postgres);
  const pglite = renderPglite(output.pglite);
  const measured = [
    postgres?.measured ?? `PostgreSQL: not run (${output.postgres.skipped})`,
    pglite.measured,
  ].join("<br>");
  const details = `Load average at the end of each half: PostgreSQL ${
    postgres ? n(output.postgres.loadAverage, 1) : "not run"
  }, PGlite ${n(output.pglite.loadAverage, 1)} (2 cores).

${barsTable(postgres && output.postgres, output.pglite)}
${postgres?.details ?? `### PostgreSQL\n\nNot run: ${output.postgres.skipped}.\n`}
${pglite.details}`;
  return { measured, details };
}

export const scenario = { id: "B5", title: "Message store at a million rows", run, render };
