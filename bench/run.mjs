// `npm run bench`: runs every benchmark scenario present (bench/b<N>-*.mjs, each exporting
// `scenario` with `run()` and `render(output)` → { measured, details }) and rewrites bench/RESULTS.md with the table of BENCHMARKS.md, the measured numbers,
// the machine, the date and the commit. Only loopback addresses are used.
// `npm run bench -- b1 b3` runs only those scenarios; the others keep their figures from RESULTS.md,
// each section saying which run it came from. Each scenario finishes in about two minutes by default;
// `--full` runs the long ladders (every step long enough for ≥ 1,000 messages, every setup).
// `--profile`: B1, B3 and B4 also profile the candidate and its Socket.IO-based baseline in one more
// round (or storm) after the measured ones, and say in RESULTS.md where each spent its CPU and what to
// do next (bench/lib/cpu-profile.mjs).
import { execFileSync } from "node:child_process";
import { readdir, readFile, writeFile } from "node:fs/promises";
import { loadavg } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { profilingRequested } from "./lib/cpu-profile.mjs";
import { describeCommit, describeMachine, formatNumber } from "./lib/stats.mjs";

const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(BENCH_DIR, "..");
const SCENARIO_FILE = /^b(\d+)-[\w-]+\.mjs$/;

/** The table of BENCHMARKS.md: every scenario and its bar, measured or not. */
const TABLE = [
  {
    id: "B1",
    scenario:
      "Group room fan-out: 2,000 websocket clients, one publisher stepping up its rate, 100-byte messages, stored",
    baseline: "bare `ws` broadcasting a pre-serialised buffer; bare Socket.IO `io.to(room).emit`",
    bar: "≥ 0.9× bare Socket.IO deliveries/s; ≥ 0.5× bare `ws`; ≥ 30,000 deliveries/s sustained with p99 ≤ 50 ms",
  },
  {
    id: "B2",
    scenario:
      "Direct messages: 500 pairs, 1 message/s each (open loop), persisted, acked, delivered (measured: 1,000 pairs at a rising rate)",
    baseline: "bare Socket.IO `to(peer).emit` after an INSERT into the same database",
    bar: "delivery p99 ≤ 20 ms and ≤ 2× baseline p99; ack-after-commit p99 ≤ 30 ms on PostgreSQL",
  },
  {
    id: "B3",
    scenario: "Random matching churn: 2,000 clients, join rate ramping 200 → 2,000/s, instant next",
    baseline: "in-process FIFO pairing in bare Socket.IO",
    bar: "≥ 1,000 matches/s; join→matched p99 ≤ 50 ms; 0 self-matches, 0 double matches, 0 preference violations; ≥ 0.8× baseline",
  },
  {
    id: "B4",
    scenario: "Capacity and reconnect storm: ramp 10,000 clients at 500/s, drop all, let them reconnect",
    baseline: "bare Socket.IO; bare `ws`",
    bar: "heap ≤ 12 KB and RSS ≤ 50 KB per connection; 100% reconnected in ≤ 5 s; online count exact afterwards",
  },
  {
    id: "B5",
    scenario: "Message store: insert throughput and history paging on 1,000,000 DM rows",
    baseline: "`pgbench` single-row insert script; OFFSET paging",
    bar: "inserts ≥ 0.7× pgbench TPS; keyset page of 50 p99 ≤ 2 ms at any depth (issue #12 adds: conversation list and leaderboard p99 ≤ 5 ms, on PostgreSQL and PGlite)",
  },
  {
    id: "B6",
    scenario:
      "Web: production build of the landing page and /chat, Lighthouse in Debian Chromium, mobile profile",
    baseline: "an empty Vite + React template build",
    bar: "initial JS ≤ floor + 40 KB gzip; Lighthouse performance ≥ 95; LCP ≤ 1.5 s, TBT ≤ 100 ms, CLS ≤ 0.05",
  },
  {
    id: "B7",
    scenario:
      "Image moderation (issue #15): nsfwjs MobileNet v2 on tfjs WASM in a worker thread, 200 generated photos through the upload pipeline",
    baseline: "the same upload pipeline without the classifier",
    bar: "classification p99 within the upload's time budget (5 s); event loop lag < 50 ms meanwhile (server test)",
  },
];

const log = (line) => console.log(`[bench] ${line}`);
const args = process.argv.slice(2);
/** `--full`: the long ladders; passed to every scenario's run(). */
const full = args.includes("--full");
/** `--profile`: the scenarios that can profile their servers do (bench/lib/cpu-profile.mjs). */
const profile = profilingRequested(args);
/** Scenario ids named on the command line (`b1`, `B3`); none means all. */
const selectedIds = args.filter((arg) => !arg.startsWith("--")).map((arg) => arg.toUpperCase());
const PROVENANCE = /^_Measured .*_$/;

async function findScenarios() {
  const files = (await readdir(BENCH_DIR))
    .filter((file) => SCENARIO_FILE.test(file))
    .filter((file) => selectedIds.length === 0 || selectedIds.includes(`B${SCENARIO_FILE.exec(file)[1]}`))
    .sort();
  const scenarios = [];
  for (const file of files) {
    const module = await import(pathToFileURL(path.join(BENCH_DIR, file)).href);
    if (module.scenario) scenarios.push({ file, ...module.scenario });
  }
  return scenarios;
}

/**
 * RESULTS.md ends with notes written by people (what the figures say, what was tried): everything from this
 * heading on is kept as it is by every run, and never read as a scenario's section.
 */
const NOTES_HEADING = "## Notes (written by hand; kept by every run)";

function splitNotes(text) {
  const at = text.indexOf(NOTES_HEADING);
  return at === -1 ? { generated: text, notes: "" } : { generated: text.slice(0, at), notes: text.slice(at) };
}

/**
 * The outcomes of scenarios not run this time, as the previous RESULTS.md has them: their table cell
 * and their section, which gets a line naming the run it came from (unless it has one already).
 */
async function previousOutcomes(resultsFile, skip) {
  const { generated: text } = splitNotes(await readFile(resultsFile, "utf8").catch(() => ""));
  const date = /^- Date: (.*)$/m.exec(text)?.[1] ?? "an earlier run";
  const commit = /^- Commit: (.*)$/m.exec(text)?.[1] ?? "unknown";
  const cells = new Map();
  for (const match of text.matchAll(/^\| (B\d+) \|.*\| ([^|]*) \|$/gm)) cells.set(match[1], match[2]);
  const outcomes = [];
  for (const section of text.split(/^(?=## B\d+ )/m).slice(1)) {
    const [heading, ...body] = section.trimEnd().split("\n");
    const [, id, title] = /^## (B\d+) (.*)$/.exec(heading) ?? [];
    if (!id || skip.has(id) || !cells.has(id)) continue;
    const rest = body.join("\n").trim();
    const provenance = PROVENANCE.test(rest.split("\n")[0])
      ? ""
      : `_Measured ${date}, commit ${commit}._\n\n`;
    outcomes.push({ id, title, measured: cells.get(id), details: `${provenance}${rest}\n` });
  }
  return outcomes;
}

function renderResults({ machine, commit, date, outcomes }) {
  const cells = new Map(outcomes.map((outcome) => [outcome.id, outcome]));
  const cellFor = (id) => {
    const outcome = cells.get(id);
    if (!outcome) return `not run: no \`bench/${id.toLowerCase()}-*.mjs\` yet`;
    if (outcome.error) return `**failed to run**: ${outcome.error.split("\n")[0]}`;
    return outcome.measured;
  };
  return [
    "# Benchmark results",
    "",
    "Written by `npm run bench` (bench/run.mjs); do not edit by hand. Bars and method: BENCHMARKS.md.",
    "",
    `- Date: ${date}`,
    `- Commit: ${commit}`,
    `- Machine: ${machine.nproc} CPUs (${machine.cpuModel}), ${formatNumber(machine.ramGiB, 1)} GiB RAM, Node ${machine.node}`,
    `- Load average when the run started: ${machine.loadAverage.map((value) => formatNumber(value, 2)).join(", ")}` +
      " (the machine is shared; only same-run ratios are comparable between runs)",
    "",
    "| # | scenario | baseline in the same run | bar | measured (median) |",
    "|---|---|---|---|---|",
    ...TABLE.map(
      (row) => `| ${row.id} | ${row.scenario} | ${row.baseline} | ${row.bar} | ${cellFor(row.id)} |`,
    ),
    "",
    ...outcomes.flatMap((outcome) => [
      `## ${outcome.id} ${outcome.title}`,
      "",
      outcome.error ? `The scenario failed:\n\n\`\`\`\n${outcome.error}\n\`\`\`\n` : outcome.details,
    ]),
  ].join("\n");
}

const resultsFile = path.join(BENCH_DIR, "RESULTS.md");
const machine = describeMachine();
const date = new Date().toISOString();
const commit = describeCommit(ROOT);
const outcomes = [];
let hasFailure = false;
for (const scenario of await findScenarios()) {
  log(`${scenario.id} ${scenario.title} (${scenario.file})`);
  // Each section says how loaded the shared machine was when it started (only same-run ratios compare).
  const load = loadavg()
    .map((value) => formatNumber(value, 1))
    .join(", ");
  try {
    const output = await scenario.run({ root: ROOT, log, full, profile });
    const rendered = scenario.render(output);
    const when = selectedIds.length > 0 ? `Measured ${date}, commit ${commit}; l` : "L";
    const flags = [full ? "`--full`" : "", profile ? "`--profile`" : ""].filter(Boolean).join(", ");
    const provenance = `_${when}oad average ${load} on ${machine.nproc} cores when it started${flags ? `; ${flags}` : ""}._\n\n`;
    outcomes.push({
      id: scenario.id,
      title: scenario.title,
      ...rendered,
      details: `${provenance}${rendered.details}`,
    });
  } catch (error) {
    hasFailure = true;
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
    log(`${scenario.id} failed: ${message}`);
    outcomes.push({ id: scenario.id, title: scenario.title, error: message });
  }
}
if (selectedIds.length > 0) {
  outcomes.push(...(await previousOutcomes(resultsFile, new Set(outcomes.map((outcome) => outcome.id)))));
  outcomes.sort((a, b) => Number(a.id.slice(1)) - Number(b.id.slice(1)));
}
const { notes } = splitNotes(await readFile(resultsFile, "utf8").catch(() => ""));
await writeFile(
  resultsFile,
  `${renderResults({ machine, commit, date, outcomes })}\n${notes ? `\n${notes.trimEnd()}\n` : ""}`,
);
try {
  // The repository's formatter lays the tables out, so the file passes `npm run lint` as written.
  execFileSync(path.join(ROOT, "node_modules/.bin/biome"), ["format", "--write", resultsFile], {
    stdio: "ignore",
  });
} catch {
  log("Biome left RESULTS.md as written (this Biome does not format Markdown); the content is complete");
}
log(`wrote ${path.relative(ROOT, resultsFile)}`);
process.exitCode = hasFailure ? 1 : 0;
