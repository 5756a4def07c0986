// `npm test`: runs every suite this machine can run, says plainly what it skipped and why, and ends
// with one line `N passed, N failed, N skipped` (ARCHITECTURE §8). No dependencies: Node only.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { createUnhandledErrorCollector, describeCaughtError } from "./unhandled-errors.mjs";

const ROOT = resolve(fileURLToPath(new URL("..", import.meta.url)));
const VITEST = join(ROOT, "node_modules/.bin/vitest");
const NPM = process.platform === "win32" ? "npm.cmd" : "npm";
const CHROMIUM_PATH = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

/**
 * @typedef {object} SuiteResult
 * @property {string} name
 * @property {"passed" | "failed" | "skipped"} result
 * @property {number} passed
 * @property {number} failed
 * @property {number} skipped
 * @property {number} durationMs
 * @property {string} note why it was skipped, or what failed beyond the counted tests
 * @property {string[]} [failures] the failed tests, named
 * @property {FileTime[]} [files] each test file's time, for the slowest-files table
 */

/**
 * @typedef {object} FileTime
 * @property {string} path relative to the repository
 * @property {number} tests
 * @property {number} durationMs
 */

/** How many of the slowest test files the summary names (a slow file is seen when it lands). */
const SLOWEST_FILES = 10;

/**
 * Runs a command with its output on screen. With a label (a suite running beside others), each line it
 * writes is prefixed `[label] `, so that interleaved suites can still be told apart; with `onLine`, each
 * line is also handed to it (unprefixed).
 * @param {string} command
 * @param {string[]} args
 * @param {NodeJS.ProcessEnv} env
 * @param {string} [label]
 * @param {(line: string) => void} [onLine]
 * @returns {Promise<number>} exit code (1 when killed by a signal)
 */
function run(command, args, env, label, onLine) {
  const prefix = label ? `[${label}] ` : "";
  const isPiped = Boolean(label || onLine);
  console.log(`\n${prefix}$ ${[command, ...args].join(" ")}`);
  return new Promise((resolveRun) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      env,
      stdio: isPiped ? ["ignore", "pipe", "pipe"] : "inherit",
    });
    if (isPiped && child.stdout && child.stderr) {
      /** @type {[import("node:stream").Readable, NodeJS.WriteStream][]} */
      const streams = [
        [child.stdout, process.stdout],
        [child.stderr, process.stderr],
      ];
      for (const [from, to] of streams) {
        createInterface({ input: from, crlfDelay: Number.POSITIVE_INFINITY }).on("line", (line) => {
          to.write(`${prefix}${line}\n`);
          onLine?.(line);
        });
      }
    }
    child.once("error", (error) => {
      console.error(`${prefix}could not start ${command}: ${error.message}`);
      resolveRun(1);
    });
    child.once("close", (code) => resolveRun(code ?? 1));
  });
}

/**
 * @param {...string} without names of variables to leave out
 * @returns {NodeJS.ProcessEnv}
 */
function envWithout(...without) {
  const env = { ...process.env };
  for (const name of without) delete env[name];
  return env;
}

/**
 * Counts from Vitest's JSON report; a file that failed to load counts as one failure.
 * @param {string} reportPath
 */
async function readCounts(reportPath) {
  if (!existsSync(reportPath)) return undefined;
  /** @type {{ numPassedTests: number, numFailedTests: number, numPendingTests: number, numTodoTests: number,
   *   testResults: { name: string, status: string, message?: string, startTime?: number, endTime?: number,
   *     assertionResults: { status: string, fullName: string, failureMessages?: string[] }[] }[] }} */
  const report = JSON.parse(await readFile(reportPath, "utf8"));
  /** @type {string[]} what failed, one line each, so that the end of a long log still names it */
  const failures = [];
  /** @type {FileTime[]} */
  const files = [];
  let brokenFiles = 0;
  for (const file of report.testResults) {
    const path = file.name.startsWith(ROOT) ? file.name.slice(ROOT.length + 1) : file.name;
    if (file.startTime !== undefined && file.endTime !== undefined) {
      files.push({ path, tests: file.assertionResults.length, durationMs: file.endTime - file.startTime });
    }
    const failedTests = file.assertionResults.filter((test) => test.status === "failed");
    for (const test of failedTests) {
      const reason = (test.failureMessages?.[0] ?? "").split("\n")[0]?.slice(0, 300) ?? "";
      failures.push(`${path} > ${test.fullName}: ${reason}`);
    }
    if (file.status === "failed" && failedTests.length === 0) {
      brokenFiles += 1;
      failures.push(`${path}: ${(file.message ?? "failed to load").split("\n")[0]?.slice(0, 300)}`);
    }
  }
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests + brokenFiles,
    skipped: report.numPendingTests + report.numTodoTests,
    brokenFiles,
    failures,
    files,
  };
}

/**
 * Runs one Vitest suite with the default reporter on screen and the JSON reporter into a temp file.
 * @param {{ name: string, args: string[], env: NodeJS.ProcessEnv, before?: () => Promise<number>, tmp: string,
 *   label?: string }} suite label: prefixes its output lines (it runs beside another suite)
 * @returns {Promise<SuiteResult>}
 */
async function runVitestSuite({ name, args, env, before, tmp, label }) {
  const started = Date.now();
  const reportPath = join(tmp, `${name.replace(/\W+/g, "-")}.json`);
  const base = { name, passed: 0, failed: 0, skipped: 0 };
  if (before) {
    const code = await before();
    if (code !== 0) {
      return { ...base, result: "failed", failed: 1, durationMs: Date.now() - started, note: "build failed" };
    }
  }
  // What Vitest prints about errors outside any test's result (not in the JSON report), for the summary.
  const caught = createUnhandledErrorCollector();
  const code = await run(
    VITEST,
    ["run", ...args, "--reporter=default", "--reporter=json", `--outputFile.json=${reportPath}`],
    env,
    label,
    caught.line,
  );
  const counts = await readCounts(reportPath);
  const durationMs = Date.now() - started;
  if (!counts) {
    return {
      ...base,
      result: "failed",
      failed: 1,
      durationMs,
      note: `vitest exited ${code} without a report`,
      failures: caught.errors().map(describeCaughtError),
    };
  }
  const { brokenFiles, failures, files, ...tests } = counts;
  // Vitest can fail with every test green (unhandled error, no test files): that is a failure too.
  const isFailed = code !== 0 || tests.failed > 0;
  const failed = isFailed && tests.failed === 0 ? 1 : tests.failed;
  let note = brokenFiles > 0 ? `${brokenFiles} file(s) failed to load` : "";
  const errors = caught.errors();
  if (isFailed && tests.failed === 0) {
    note = `vitest exited ${code}`;
    if (errors.length > 0) note += `, ${errors.length} unhandled error(s), under Failed:`;
  }
  if (errors.length > 0) failures.push(...errors.map(describeCaughtError));
  return {
    ...base,
    ...tests,
    failed,
    result: isFailed ? "failed" : "passed",
    durationMs,
    note,
    failures,
    files,
  };
}

/**
 * @param {string} name
 * @param {string} reason
 * @param {boolean} isRequired REQUIRE_*=1: a suite that cannot run is a failure
 * @returns {SuiteResult}
 */
function skippedSuite(name, reason, isRequired) {
  return {
    name,
    result: isRequired ? "failed" : "skipped",
    passed: 0,
    failed: isRequired ? 1 : 0,
    skipped: 0,
    durationMs: 0,
    note: isRequired ? `required but cannot run: ${reason}` : reason,
  };
}

/**
 * Prints rows as columns padded to their widest cell, under a rule.
 * @param {string[][]} rows the first row is the header
 */
function printTable(rows) {
  const widths =
    rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? "").length))) ?? [];
  const line = (/** @type {string[]} */ row) =>
    row
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join("  ")
      .trimEnd();
  console.log(line(rows[0] ?? []));
  console.log(widths.map((width) => "-".repeat(width)).join("  "));
  for (const row of rows.slice(1)) console.log(line(row));
}

/** @param {number} ms */
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** @param {SuiteResult[]} results */
function printSlowestFiles(results) {
  const slowest = results
    .flatMap((suite) => (suite.files ?? []).map((file) => ({ suite: suite.name, ...file })))
    .sort((a, b) => b.durationMs - a.durationMs)
    .slice(0, SLOWEST_FILES);
  if (slowest.length === 0) return;
  console.log(`\nSlowest test files (${SLOWEST_FILES} at most, all suites)`);
  printTable([
    ["file", "suite", "tests", "duration"],
    ...slowest.map((file) => [file.path, file.suite, String(file.tests), seconds(file.durationMs)]),
  ]);
}

/** @param {SuiteResult[]} results */
function printSummary(results) {
  const rows = [
    ["suite", "result", "passed", "failed", "skipped", "duration", "note"],
    ...results.map((suite) => [
      suite.name,
      suite.result.toUpperCase(),
      String(suite.passed),
      String(suite.failed),
      String(suite.skipped),
      suite.result === "skipped" && suite.durationMs === 0 ? "-" : seconds(suite.durationMs),
      suite.note,
    ]),
  ];
  printSlowestFiles(results);
  console.log("\nTest summary");
  printTable(rows);
  const failures = results.flatMap((suite) => (suite.failures ?? []).map((text) => `${suite.name}: ${text}`));
  if (failures.length > 0) {
    console.log("\nFailed:");
    for (const failure of failures) console.log(`  ${failure}`);
  }
  const total = (/** @type {"passed" | "failed" | "skipped"} */ key) =>
    results.reduce((sum, suite) => sum + suite[key], 0);
  console.log(`\n${total("passed")} passed, ${total("failed")} failed, ${total("skipped")} skipped`);
}

/**
 * Runs a command and measures it.
 * @param {string} command
 * @param {string[]} args
 * @param {NodeJS.ProcessEnv} env
 * @param {string} [label]
 */
async function timed(command, args, env, label) {
  const started = Date.now();
  const code = await run(command, args, env, label);
  return { code, durationMs: Date.now() - started };
}

async function main() {
  const started = Date.now();
  const tmp = await mkdtemp(join(tmpdir(), "heartline-test-"));
  // The unit suite, the cluster suite and the web build run side by side (the cluster suite mostly waits on
  // its servers, PostgreSQL and Redis; the build on its own process); the browser suite, which wants both
  // cores, runs after them. TEST_SERIAL=1 runs one after another, with unprefixed output.
  const isSerial = process.env.TEST_SERIAL === "1";
  /** @param {string} label */
  const labelFor = (label) => (isSerial ? undefined : label);
  /** @type {SuiteResult[]} */
  const results = [];
  try {
    // (a) Unit + integration of every workspace, on their embedded defaults whatever the shell says.
    const unit = runVitestSuite({
      name: "unit+integration",
      args: [],
      env: envWithout("DATABASE_URL", "REDIS_URL"),
      tmp,
      label: labelFor("unit"),
    });
    if (isSerial) await unit;

    // (b) Cluster: two server processes over PostgreSQL (+ Redis); needs DATABASE_URL.
    const isClusterRequired = process.env.REQUIRE_CLUSTER === "1";
    /** @type {Promise<SuiteResult[]>} */
    const cluster = (async () => {
      if (!process.env.DATABASE_URL) {
        const reason =
          "DATABASE_URL is not set (set DATABASE_URL and REDIS_URL to run the PostgreSQL/Redis suites)";
        return [skippedSuite("cluster", reason, isClusterRequired)];
      }
      const suite = await runVitestSuite({
        name: "cluster",
        args: ["--config", "apps/server/vitest.cluster.config.ts"],
        env: { ...process.env },
        tmp,
        label: labelFor("cluster"),
      });
      if (process.env.REDIS_URL) return [suite];
      const reason = "REDIS_URL is not set: the Redis and cross-node suites were skipped";
      return [suite, skippedSuite("cluster (Redis)", reason, isClusterRequired)];
    })();
    if (isSerial) await cluster;

    // (c) Browser: the built app in a real Chromium, once the unit suite has left the cores to it.
    const isE2eRequired = process.env.REQUIRE_E2E === "1";
    const hasChromium = existsSync(CHROMIUM_PATH);
    const build = hasChromium
      ? timed(NPM, ["run", "build"], { ...process.env }, labelFor("build"))
      : undefined;
    results.push(await unit);
    if (build) {
      const built = await build;
      const e2e = await runVitestSuite({
        name: "e2e (browser)",
        args: ["--config", "e2e/vitest.config.ts"],
        env: { ...process.env, CHROMIUM_PATH },
        before: async () => built.code,
        tmp,
      });
      const buildNote = `web build ${seconds(built.durationMs)}${isSerial ? "" : ", beside the unit suite"}`;
      results.push({ ...e2e, note: [e2e.note, buildNote].filter(Boolean).join("; ") });
    } else {
      const reason = `Chromium not found at ${CHROMIUM_PATH} (apt-get install -y chromium fonts-noto-color-emoji)`;
      results.push(skippedSuite("e2e (browser)", reason, isE2eRequired));
    }
    results.splice(1, 0, ...(await cluster));
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
  printSummary(results);
  console.log(`all suites: ${seconds(Date.now() - started)} from start to end`);
  if (results.some((suite) => suite.result === "failed")) process.exitCode = 1;
}

await main();
