// CPU profiles of the servers a benchmark runs (`npm run bench -- --profile`; issue #16: where a target
// is missed, the profile that shows why). A profiled server starts with its inspector on a loopback port
// of the system's choosing; the benchmark starts V8's sampling profiler before the measured part and
// stops it after, and keeps only the samples inside the windows it names (a ladder's steps, a storm).
// RESULTS.md gets a summary by category, not the raw profile; `BENCH_PROFILE_KEEP_DIR=/some/dir` also
// writes each raw profile there (`.cpuprofile`, for Chrome's DevTools), for a second look at a run.
import { writeFile } from "node:fs/promises";
import path from "node:path";
import WebSocket from "ws";

/** Node flags of a server that may be profiled: its inspector on 127.0.0.1, on a free port. */
export const INSPECT_ARGS = ["--inspect=127.0.0.1:0"];
const INSPECTOR_URL = /Debugger listening on (ws:\/\/127\.0\.0\.1:\d+\/[\w-]+)/;
/** V8's default sampling interval (µs), stated so the summary can say it. */
export const SAMPLING_INTERVAL_US = 1_000;

/** `--profile` on the command line: the run profiles its servers (and says so in RESULTS.md). */
export function profilingRequested(argv = process.argv) {
  return argv.includes("--profile");
}

/**
 * A monotonic-clock reading (µs, the clock V8's profiles use) for an epoch time in ms taken in any
 * process of this machine (`performance.timeOrigin + performance.now()`).
 */
export function epochToProfileMicros(epochMs) {
  const monotonicUs = Number(process.hrtime.bigint() / 1_000n);
  const epochUs = (performance.timeOrigin + performance.now()) * 1_000;
  return epochMs * 1_000 - (epochUs - monotonicUs);
}

/** The epoch time (ms) a load generator records for a window's edges. */
export const epochNow = () => performance.timeOrigin + performance.now();

/**
 * Connects to a started server's inspector (its output carries the address) and returns
 * `{ start(), stop() → profile, close() }`.
 * @param {{ name: string, output: () => string }} server
 */
export async function attachProfiler(server) {
  const url = INSPECTOR_URL.exec(server.output())?.[1];
  if (!url) throw new Error(`${server.name} was not started with its inspector on (${INSPECT_ARGS})`);
  const socket = new WebSocket(url);
  await new Promise((resolve, reject) => {
    socket.once("open", resolve);
    socket.once("error", reject);
  });
  let nextId = 1;
  const pending = new Map();
  socket.on("message", (data) => {
    const message = JSON.parse(data.toString());
    const waiting = pending.get(message.id);
    if (!waiting) return;
    pending.delete(message.id);
    if (message.error) waiting.reject(new Error(`${server.name}: ${message.error.message}`));
    else waiting.resolve(message.result);
  });
  const call = (method, params = {}) =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      socket.send(JSON.stringify({ id, method, params }));
    });
  await call("Profiler.enable");
  await call("Profiler.setSamplingInterval", { interval: SAMPLING_INTERVAL_US });
  return {
    start: () => call("Profiler.start"),
    stop: async () => (await call("Profiler.stop")).profile,
    close: () => socket.close(),
  };
}

async function keepRaw(servers, profiles) {
  const dir = process.env.BENCH_PROFILE_KEEP_DIR;
  if (!dir) return;
  await Promise.all(
    profiles.map((profile, index) =>
      writeFile(
        path.join(dir, `${servers[index].name.replace(/\W+/g, "-")}-${Date.now()}.cpuprofile`),
        JSON.stringify(profile),
      ),
    ),
  );
}

/**
 * Starts profiling `servers`, runs `measure()`, stops, and returns `{ result, profiles }` (one profile
 * per server, in order). Profiling failures leave the measurement alone: `profiles` is then empty and
 * `profileError` says why.
 */
export async function whileProfiling(servers, measure) {
  let profilers = [];
  let profileError;
  try {
    profilers = await Promise.all(servers.map(attachProfiler));
    await Promise.all(profilers.map((profiler) => profiler.start()));
  } catch (error) {
    profileError = error.message;
    for (const profiler of profilers) profiler.close();
    profilers = [];
  }
  try {
    const result = await measure();
    const profiles = await Promise.all(profilers.map((profiler) => profiler.stop())).catch((error) => {
      profileError = error.message;
      return [];
    });
    await keepRaw(servers, profiles);
    return { result, profiles, profileError };
  } finally {
    for (const profiler of profilers) profiler.close();
  }
}
