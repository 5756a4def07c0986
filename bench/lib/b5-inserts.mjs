// B5's DM insert path (issue #12: ≥ 0.7× pgbench's single-row insert): the server's own writer
// (`createDirectMessageWriter`, ADR 0011: the texts that arrive together go in one send statement, each
// message with its conversation's seq, both unread rows and its pair's streak) driven by N concurrent
// senders in this process, against pgbench's single-row INSERT driven by N clients. Each side runs a
// ladder of concurrency, alternated round by round; the bar compares the two peaks, each side's most
// messages per second at any concurrency it was offered.
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { namedPglite, serverModules } from "./b5-measure.mjs";
import { USERS, userId } from "./b5-seed.mjs";
import { LOAD_CORE } from "./processes.mjs";
import { median } from "./stats.mjs";

const run = promisify(execFile);
const list = (value) => value.split(",").map(Number);

export const BASELINE_CLIENTS = list(process.env.B5_CLIENTS ?? "4,16,64");
export const WRITER_SENDERS = list(process.env.B5_SENDERS ?? "4,16,64,256,1024");
export const PGLITE_SENDERS = list(process.env.B5_PGLITE_SENDERS ?? "1,64");
export const INSERT_SECONDS = Number(process.env.B5_INSERT_SECONDS ?? 4);
/** Five: one round's ratio of the peaks moves widely within one run on a shared machine. */
export const INSERT_ROUNDS = Number(process.env.B5_ROUNDS ?? 5);

const TEXT = "hello from the benchmark, an ordinary line of chat about nothing much at all";

/** pgbench's baseline: one INSERT into a table like direct_messages (same columns and indexes, no FKs). */
export const BASELINE_SCRIPT = `\\set k random(1, ${USERS})
INSERT INTO b5_baseline (id, conversation_id, sender_id, receiver_id, content, type, created_at, seq)
  VALUES (gen_random_uuid(), 'c' || :k, 'a', 'b', '${TEXT}', 'text', now(), nextval('b5_baseline_seq'));
`;
const BASELINE_TABLE =
  "create table b5_baseline (like direct_messages including defaults including constraints including indexes); create sequence b5_baseline_seq";

async function pgbench(databaseUrl, scriptFile, clients) {
  const url = new URL(databaseUrl);
  const { stdout } = await run(
    "taskset",
    [
      ...["-c", LOAD_CORE, "pgbench", "-n", "-M", "prepared", "-c", String(clients), "-j", "1"],
      ...["-T", String(INSERT_SECONDS), "-f", scriptFile, "-h", url.hostname, "-p", url.port || "5432"],
      ...["-U", decodeURIComponent(url.username || "postgres"), url.pathname.slice(1)],
    ],
    { env: { ...process.env, PGPASSWORD: decodeURIComponent(url.password) } },
  );
  return Number(/tps = ([\d.]+)/.exec(stdout)?.[1]);
}

/**
 * Messages per second through `writer` with `senders` concurrent senders, each sending its next message
 * when the last was stored (acked after commit, as a socket's sends are), for INSERT_SECONDS: texts
 * between seeded friends k and k + 1, so every one writes its pair's streak too.
 */
export async function writerRate(writer, senders) {
  let stored = 0;
  let sent = 0;
  const until = performance.now() + INSERT_SECONDS * 1_000;
  const sender = async () => {
    while (performance.now() < until) {
      const k = 2 + Math.floor(Math.random() * (USERS - 2));
      const [senderId, receiverId] = [userId(k), userId(k + 1)];
      await writer.store({
        id: randomUUID(),
        conversationId: `${senderId}-${receiverId}`,
        senderId,
        receiverId,
        // Each text its own, as people write: the same text twice within 5 s is dropped (ADR 0015).
        content: `${TEXT} ${sent++}`,
        type: "text",
        replyToId: null,
        at: new Date(),
      });
      stored += 1;
    }
  };
  await Promise.all(Array.from({ length: senders }, sender));
  return stored / INSERT_SECONDS;
}

/** Each concurrency's median over the rounds, and the peak. */
function ladder(levels, runs) {
  const rows = levels.map((level, index) => ({ level, rate: median(runs.map((round) => round[index])) }));
  return { rows, peak: Math.max(...rows.map((row) => row.rate)) };
}

/**
 * The two ladders, alternated round by round: the baseline at each of its levels, then the writer at
 * each number of senders; each level's median, and the ratio of the two peaks: per round (each side's
 * best level in that round), then the median of the rounds' ratios, as the shared machine's load moves
 * both sides of a round together more than it moves two rounds (the same rule as before the ladders).
 */
async function runLadders({ label, baselineLevels, baselineRate, writer, senderLevels, log }) {
  const baselineRuns = [];
  const writerRuns = [];
  const show = (rates) => rates.map((rate) => rate.toFixed(0)).join(" / ");
  for (let round = 1; round <= INSERT_ROUNDS; round += 1) {
    const baseline = [];
    for (const level of baselineLevels) baseline.push(await baselineRate(level));
    const sent = [];
    for (const senders of senderLevels) sent.push(await writerRate(writer, senders));
    baselineRuns.push(baseline);
    writerRuns.push(sent);
    log(`B5 ${label} round ${round}: baseline ${show(baseline)}/s, writer ${show(sent)} messages/s`);
  }
  const baseline = ladder(baselineLevels, baselineRuns);
  const written = ladder(senderLevels, writerRuns);
  const roundRatios = writerRuns.map((sent, index) => Math.max(...sent) / Math.max(...baselineRuns[index]));
  return {
    baseline,
    writer: written,
    roundRatios,
    ratio: median(roundRatios),
    rounds: INSERT_ROUNDS,
    seconds: INSERT_SECONDS,
  };
}

/** The server's writer over `db`, with the streak statement in UTC (ARCHITECTURE §9.6's default). */
async function serverWriter(db) {
  const { createDirectMessageWriter, streakStatement } = await serverModules();
  return createDirectMessageWriter(db, streakStatement("UTC"));
}

/**
 * PostgreSQL: pgbench's ladder and the writer's (through the server's own pool, `createDatabase`),
 * alternated round by round; each level's median, and the ratio of the peaks (`runLadders`).
 */
export async function measureInserts(databaseUrl, workDir, log) {
  const { createDatabase } = await serverModules();
  const handle = await createDatabase({ databaseUrl, dataDir: "" });
  try {
    await handle.db.$client.query(BASELINE_TABLE);
    const baselineFile = path.join(workDir, "b5-baseline.sql");
    await writeFile(baselineFile, BASELINE_SCRIPT);
    const ladders = await runLadders({
      label: "inserts",
      baselineLevels: BASELINE_CLIENTS,
      baselineRate: (clients) => pgbench(databaseUrl, baselineFile, clients),
      writer: await serverWriter(handle.db),
      senderLevels: WRITER_SENDERS,
      log,
    });
    return { ...ladders, limits: (await serverModules()).WRITER_LIMITS };
  } finally {
    await handle.close();
  }
}

/**
 * A pgbench script of B5 as one SQL statement for `k` (PGlite has no pgbench; its baseline runs the
 * script one statement at a time): its `\\set k random(low, high)` line dropped and `:k` replaced.
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
 * PGlite (one connection, no pgbench): the baseline INSERT one statement at a time against the server's
 * writer over the server's named statements at PGLITE_SENDERS, each for INSERT_SECONDS, alternated for
 * INSERT_ROUNDS; medians. Information only: the bar is for pgbench on PostgreSQL.
 */
export async function measurePgliteInserts(client, log) {
  await client.exec(BASELINE_TABLE);
  const modules = await serverModules();
  const writer = await serverWriter(drizzlePglite(namedPglite(client, modules)));
  const { low, high } = scriptRange(BASELINE_SCRIPT);
  const baselineRate = async () => {
    let count = 0;
    const until = performance.now() + INSERT_SECONDS * 1_000;
    while (performance.now() < until) {
      await client.query(
        scriptStatement(BASELINE_SCRIPT, low + Math.floor(Math.random() * (high - low + 1))),
      );
      count += 1;
    }
    return count / INSERT_SECONDS;
  };
  return runLadders({
    label: "PGlite inserts",
    baselineLevels: [1],
    baselineRate,
    writer,
    senderLevels: PGLITE_SENDERS,
    log,
  });
}
