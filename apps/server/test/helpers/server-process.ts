import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { inject } from "vitest";

/**
 * One real Heartline node for the cluster and fault suites, in a process of its own: the server compiled
 * for the run (`node dist-cluster/main.js`, global-setup.ts), as production runs it, or outside
 * the cluster suite `node --import tsx main.ts`. One process, not the tsx CLI (which runs the server in a
 * child of its own), so a SIGKILL really is a crash of the node.
 */
export interface ServerProcess {
  /** http://127.0.0.1:<port> */
  url: string;
  pid: number;
  /** What the process printed so far (shown when a test fails). */
  output(): string;
  /** The signal, as a crash would (no graceful shutdown); resolves once the process is gone. */
  kill(signal: NodeJS.Signals): Promise<void>;
  /** Whether the process is still running (a crash on a Redis or database error ends it). */
  isRunning(): boolean;
  /** SIGTERM, SIGKILL after 10 s; removes its DATA_DIR. */
  stop(): Promise<void>;
}

const ROOT = fileURLToPath(new URL("../../../../", import.meta.url));
const MAIN = path.join(ROOT, "apps/server/src/main.ts");
const SERVING = /Heartline is serving on http:\/\/[^:]+:(\d+)/;
const STOP_TIMEOUT_MS = 10_000;

export const CLUSTER_AUTH_SECRET = "cluster-secret-cluster-secret-cluster-0123";

/**
 * Starts a node on a free port of 127.0.0.1 with its own DATA_DIR. Only `env` and the few variables a
 * process needs reach it: never this process's DATABASE_URL or REDIS_URL by accident.
 */
export async function startServerProcess(
  env: Record<string, string>,
  startTimeoutMs = 60_000,
): Promise<ServerProcess> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "heartline-node-"));
  const bundle = inject("clusterServerBundle");
  const child = spawn(process.execPath, bundle ? [bundle] : ["--import", "tsx", MAIN], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? tmpdir(),
      NODE_ENV: "test",
      HOST: "127.0.0.1",
      PORT: "0",
      DATA_DIR: dataDir,
      PUBLIC_URL: "http://localhost:3000",
      AUTH_SECRET: CLUSTER_AUTH_SECRET,
      LOG_LEVEL: "warn",
      WEB_DIST_DIR: path.join(dataDir, "no-web-build"),
      // A token scrypt cost: suites sign up and guess passwords by the hundred (refused in production).
      TEST_FAST_PASSWORD_HASH: env.NODE_ENV === "production" ? "0" : "1",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const append = (chunk: Buffer): void => {
    output += chunk.toString();
  };
  child.stdout?.on("data", append);
  child.stderr?.on("data", append);
  const isRunning = (): boolean => child.exitCode === null && child.signalCode === null;
  const kill = (signal: NodeJS.Signals): Promise<void> => {
    if (!isRunning()) return Promise.resolve();
    return new Promise((resolve) => {
      child.once("exit", () => resolve());
      child.kill(signal);
    });
  };
  const stop = async (): Promise<void> => {
    if (isRunning()) {
      const timer = setTimeout(() => child.kill("SIGKILL"), STOP_TIMEOUT_MS);
      await kill("SIGTERM");
      clearTimeout(timer);
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const port = await waitForPort(child, () => output, startTimeoutMs);
    return {
      url: `http://127.0.0.1:${port}`,
      pid: child.pid ?? 0,
      output: () => output,
      kill,
      isRunning,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

function waitForPort(child: ChildProcess, output: () => string, timeoutMs: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const cleanup = (): void => {
      clearTimeout(timer);
      child.stdout?.off("data", onData);
      child.off("exit", onExit);
    };
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`the node did not start within ${timeoutMs} ms:\n${output()}`));
    }, timeoutMs);
    const onData = (): void => {
      const match = SERVING.exec(output());
      if (!match) return;
      cleanup();
      resolve(Number(match[1]));
    };
    const onExit = (code: number | null): void => {
      cleanup();
      reject(new Error(`the node exited with ${code} before serving:\n${output()}`));
    };
    child.stdout?.on("data", onData);
    child.once("exit", onExit);
  });
}
