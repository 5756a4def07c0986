import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** One real Heartline node: `tsx apps/server/src/main.ts` in a process of its own, as in production. */
export interface ServerProcess {
  /** http://127.0.0.1:<port> */
  url: string;
  /** What the process printed so far (shown when a test fails). */
  output(): string;
  /** SIGTERM (a graceful shutdown), SIGKILL if it is still running after 10 s; removes its DATA_DIR. */
  stop(): Promise<void>;
}

const ROOT = fileURLToPath(new URL("../../../../", import.meta.url));
const TSX = path.join(ROOT, "node_modules/.bin/tsx");
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
  const child = spawn(TSX, [MAIN], {
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
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const stop = async (): Promise<void> => {
    await stopChild(child);
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const port = await waitForPort(child, () => output, startTimeoutMs);
    return { url: `http://127.0.0.1:${port}`, output: () => output, stop };
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

function stopChild(child: ChildProcess): Promise<void> {
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
