import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/** The real entry point, as `npm start` runs it, against one data directory. */

const SERVER_DIR = path.resolve(import.meta.dirname, "..");
const TSX = path.resolve(SERVER_DIR, "../../node_modules/.bin/tsx");
const SERVING_LINE = /Heartline is serving on http:\/\/localhost:(\d+)/;
const PROCESS_TIMEOUT_MS = 90_000;

interface ServerProcess {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function startServer(dataDir: string): ServerProcess {
  // An explicit environment: CI exports DATABASE_URL/REDIS_URL, which must not reach this server.
  const child = spawn(TSX, ["src/main.ts"], {
    cwd: SERVER_DIR,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "test",
      HOST: "127.0.0.1",
      PORT: "0",
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, "no-web-build"),
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
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitForPort(server: ServerProcess): Promise<number> {
  const deadline = Date.now() + PROCESS_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const match = SERVING_LINE.exec(server.output());
    if (match?.[1]) return Number(match[1]);
    if (server.child.exitCode !== null) throw new Error(`server exited early:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not start:\n${server.output()}`);
}

function deadPid(): number {
  const child = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"]);
  return Number(child.stdout.toString());
}

describe("one server per data directory (PGlite lock)", () => {
  let dataDir: string;
  const started: ServerProcess[] = [];

  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), "heartline-lock-e2e-"));
  });
  afterAll(async () => {
    for (const server of started) {
      if (server.child.exitCode === null) {
        server.child.kill("SIGKILL");
        await server.exited;
      }
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  function launch(): ServerProcess {
    const server = startServer(dataDir);
    started.push(server);
    return server;
  }

  it(
    "refuses a second server on the same DATA_DIR while the first keeps serving, then stops cleanly",
    async () => {
      const first = launch();
      const port = await waitForPort(first);
      const lockFile = path.join(dataDir, "db.lock");
      const ownerPid = Number(readFileSync(lockFile, "utf8").trim());
      expect(ownerPid).toBeGreaterThan(0);

      const second = launch();
      expect(await second.exited).toBe(1);
      expect(second.output()).toContain(
        `Another Heartline server is already using the data directory ${dataDir} (pid ${ownerPid}). ` +
          "Stop it first, or start this one with a different DATA_DIR.",
      );
      // A known startup error is printed as a sentence, not a stack trace.
      expect(second.output()).not.toMatch(/^\s+at /m);

      const health = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ status: "ok", database: { driver: "pglite" } });

      first.child.kill("SIGTERM");
      expect(await first.exited).toBe(0);
      expect(existsSync(lockFile)).toBe(false);
    },
    PROCESS_TIMEOUT_MS * 2,
  );

  it(
    "takes over a stale lock left by a crashed server and reopens the existing database",
    async () => {
      const lockFile = path.join(dataDir, "db.lock");
      const stalePid = deadPid();
      writeFileSync(lockFile, `${stalePid}\n`);

      const server = launch();
      const port = await waitForPort(server);
      const ownerPid = Number(readFileSync(lockFile, "utf8").trim());
      expect(ownerPid).toBeGreaterThan(0);
      expect(ownerPid).not.toBe(stalePid);
      const health = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(health.status).toBe(200);

      server.child.kill("SIGTERM");
      expect(await server.exited).toBe(0);
      expect(existsSync(lockFile)).toBe(false);
    },
    PROCESS_TIMEOUT_MS * 2,
  );
});
