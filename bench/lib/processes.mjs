// Child processes of the benchmarks: servers pinned to one core, load generators to the other
// (BENCHMARKS.md), each found by the "serving on http://…:<port>" line it prints.
import { execFileSync, spawn } from "node:child_process";
import { readFileSync } from "node:fs";

export const SERVER_CORE = "0";
export const LOAD_CORE = "1";
const START_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 10_000;
const SERVING = /serving on (http:\/\/[^\s:]+:(\d+))/;
/** Linux reports CPU time in USER_HZ, 100 on every mainstream architecture. */
const CLOCK_TICKS_PER_SECOND = 100;

/**
 * Request and answer over a child's IPC channel, one at a time: `request(message)` resolves with the
 * next message the child sends (B4's memory readings and load-generator commands).
 */
function ipcRequester(child, name) {
  /** @type {{ resolve: (answer: unknown) => void, reject: (error: Error) => void }[]} */
  const waiting = [];
  child.on("message", (answer) => waiting.shift()?.resolve(answer));
  child.once("exit", (code) => {
    for (const pending of waiting.splice(0)) pending.reject(new Error(`${name} exited (${code})`));
  });
  return (message) =>
    new Promise((resolve, reject) => {
      waiting.push({ resolve, reject });
      child.send(message);
    });
}

/**
 * The V8 flags `npm start` gives Heartline (package.json): a young generation of 64 MB semi-spaces (Node
 * 20's default is 16 MB), so the garbage of each message is collected in fewer scavenges (README, "Two
 * nodes"). Every server here runs with them, Heartline as deployed and the baselines alike, so a ratio
 * compares code, not runtime settings.
 */
export const SERVER_NODE_ARGS = ["--max-semi-space-size=64"];

/**
 * Starts `node <SERVER_NODE_ARGS> ...args` on `core` and waits for its serving line. With `ipc`, the child
 * gets an IPC channel (taskset execs node, which inherits it) and the result a `request(message)`.
 * @param {{ name: string, args: string[], env: NodeJS.ProcessEnv, core: string, cwd: string, ipc?: boolean }} options
 */
export async function startPinnedServer({ name, args, env, core, cwd, ipc = false }) {
  const child = spawn("taskset", ["-c", core, process.execPath, ...SERVER_NODE_ARGS, ...args], {
    cwd,
    env,
    stdio: ["ignore", "pipe", "pipe", ...(ipc ? ["ipc"] : [])],
  });
  let output = "";
  const collect = (chunk) => {
    output += chunk.toString();
    if (output.length > 200_000) output = output.slice(-100_000);
  };
  child.stdout.on("data", collect);
  child.stderr.on("data", collect);
  const port = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`${name} did not start within ${START_TIMEOUT_MS} ms:\n${output}`));
    }, START_TIMEOUT_MS);
    const onData = () => {
      const match = SERVING.exec(output);
      if (!match) return;
      clearTimeout(timer);
      child.stdout.off("data", onData);
      child.off("exit", onExit);
      resolve(Number(match[2]));
    };
    const onExit = (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited with ${code} before serving:\n${output}`));
    };
    child.stdout.on("data", onData);
    child.once("exit", onExit);
  });
  return {
    name,
    pid: child.pid,
    // Only loopback: the benchmark never leaves this machine.
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    ...(ipc ? { request: ipcRequester(child, name) } : {}),
    stop: () => stopChild(child),
  };
}

/**
 * Starts `node script` on the load core with an IPC channel, for a load generator that the
 * benchmark drives step by step; `request(command)` resolves with its answer.
 * @param {{ name: string, script: string, cwd: string }} options
 */
export function startPinnedWorker({ name, script, cwd }) {
  const child = spawn("taskset", ["-c", LOAD_CORE, process.execPath, script], {
    cwd,
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  return { name, pid: child.pid, request: ipcRequester(child, name), stop: () => stopChild(child) };
}

function stopChild(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), STOP_TIMEOUT_MS);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

/**
 * Runs a script on the load core and parses the JSON line it prints last.
 * @param {{ script: string, input: unknown, cwd: string, timeoutMs: number }} options
 */
export function runPinnedJson({ script, input, cwd, timeoutMs }) {
  return new Promise((resolve, reject) => {
    const child = spawn("taskset", ["-c", LOAD_CORE, process.execPath, script, JSON.stringify(input)], {
      cwd,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk.toString();
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk.toString();
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.once("exit", (code) => {
      clearTimeout(timer);
      const line = stdout.trim().split("\n").at(-1) ?? "";
      if (code !== 0 || !line.startsWith("{")) {
        reject(new Error(`${script} failed (exit ${code}):\n${stderr}\n${stdout}`));
        return;
      }
      resolve(JSON.parse(line));
    });
  });
}

/** CPU time (user + system, ms) a process has used so far, from /proc (Linux). */
export function cpuTimeMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name, which is in parentheses and may contain spaces.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ticks = Number(fields[11]) + Number(fields[12]);
    return (ticks * 1_000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return Number.NaN;
  }
}

/** A running process's CPU affinity list ("0,1"), or undefined when it cannot be read. */
function affinityOf(pid) {
  try {
    return /:\s*(\S+)\s*$/.exec(execFileSync("taskset", ["-pc", String(pid)], { encoding: "utf8" }))?.[1];
  } catch {
    return undefined;
  }
}

/** Pins every thread of a running process to `cores`; false when the machine does not allow it. */
function pinAll(pid, cores) {
  try {
    execFileSync("taskset", ["-apc", cores, String(pid)], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/**
 * Pins the shared services a two-node run uses to the server core while it runs: Redis (one process,
 * shared with the machine: its old affinity is restored by `stop()`), and the PostgreSQL backends that
 * serve `databaseName` (looked up every second through `queryPids`, as the nodes' pools open
 * connections when they need them). The postmaster and PostgreSQL's background processes stay
 * unpinned (pinning the postmaster would pin every other session's backends too).
 * @param {{ redisPid: number, queryPids: () => Promise<number[]> }} options
 */
export function pinSharedServices({ redisPid, queryPids }) {
  const redisAffinity = affinityOf(redisPid);
  const redisPinned = redisAffinity !== undefined && pinAll(redisPid, SERVER_CORE);
  const backends = new Set();
  const pinBackends = async () => {
    for (const pid of await queryPids().catch(() => [])) {
      if (!backends.has(pid) && pinAll(pid, SERVER_CORE)) backends.add(pid);
    }
  };
  const timer = setInterval(pinBackends, 1_000);
  timer.unref();
  void pinBackends();
  return {
    describe: () =>
      `${redisPinned ? `Redis on core ${SERVER_CORE}` : "Redis not pinned (taskset refused)"}, ` +
      `${backends.size} PostgreSQL backends of the benchmark's database on core ${SERVER_CORE} ` +
      "(the postmaster and PostgreSQL's background processes unpinned)",
    stop: () => {
      clearInterval(timer);
      if (redisPinned) pinAll(redisPid, redisAffinity);
    },
  };
}
