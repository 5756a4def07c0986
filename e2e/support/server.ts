import { type ChildProcess, execFile, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { cp, mkdtemp, readdir, readFile, rm, stat, unlink, writeFile } from "node:fs/promises";
import { type AddressInfo, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, inject } from "vitest";

export const REPO_ROOT = resolve(fileURLToPath(new URL("../..", import.meta.url)));
export const WEB_DIST_DIR = join(REPO_ROOT, "apps/web/dist");

const SERVER_ENTRY = join(REPO_ROOT, "apps/server/src/main.ts");
const SERVER_BUNDLE = join(REPO_ROOT, "apps/server/dist/main.js");
/** What the bundle is built from (apps/server/build.mjs): a change in any of them makes it stale. */
const SERVER_SOURCES = [join(REPO_ROOT, "apps/server/src"), join(REPO_ROOT, "packages/shared/src")];
const CREATE_DATABASE = join(REPO_ROOT, "apps/server/src/db/create-database.ts");
const SERVING_LINE = /Heartline is serving on (http:\/\/localhost:\d+)/;
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;
// Kept so a failed start can show what the server said; the tail is what explains a crash.
const MAX_LOG_CHARS = 20_000;

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  pid: number;
  /** Everything the process wrote so far (stdout and stderr, truncated to the last 20 kB). */
  log(): string;
  /** SIGTERMs the server, checks that it exited on its own, and removes its DATA_DIR. */
  stop(): Promise<void>;
}

export interface StartServerOptions {
  /** Extra environment for this server only. */
  env?: Record<string, string>;
  /** Told the process id and DATA_DIR as soon as the process is spawned. */
  onSpawn?: (pid: number, dataDir: string) => Promise<void>;
}

/** Fails early with the fix when the web app was not built (the server serves apps/web/dist). */
export function assertWebBuilt(): void {
  if (!existsSync(join(WEB_DIST_DIR, "index.html"))) {
    throw new Error(
      `The browser tests need the built web app, but ${join(WEB_DIST_DIR, "index.html")} is missing. ` +
        "Run `npm run build` first (or `npm run test:e2e`, which builds).",
    );
  }
}

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated PGlite data directory that every server's DATA_DIR starts from ("" when absent). */
    databaseTemplateDir: string;
    /** The suite's servers' origins, e.g. http://localhost:41234: one per worker (global-setup.ts). */
    baseUrls: string[];
    /** Where a worker notes each server it started ahead and nobody took yet (`useOwnServer`'s spare). */
    spareServersDir: string;
  }
}

/** Origin of the server this worker's tests talk to: each worker has its own (global-setup.ts). */
export function suiteBaseUrl(): string {
  const urls = inject("baseUrls");
  const worker = Number(process.env.VITEST_POOL_ID ?? "1");
  const url = urls[(Math.max(worker, 1) - 1) % urls.length];
  if (!url) throw new Error("the browser suite's servers have not started (e2e/support/global-setup.ts)");
  return url;
}

let templateInThisProcess: string | undefined;

/**
 * Creates an empty, migrated embedded database (DATA_DIR/db) with the server's own code, once per run:
 * each server then starts from a copy instead of creating its database (about 4 s less per server).
 * The servers still run their migrations, so a copy can never be behind.
 */
export async function prepareDatabaseTemplate(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "heartline-e2e-db-template-"));
  const script = `const { createDatabase } = await import(${JSON.stringify(CREATE_DATABASE)});
const handle = await createDatabase({ dataDir: ${JSON.stringify(dir)} });
await handle.close();`;
  await promisify(execFile)(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    cwd: REPO_ROOT,
    env: childEnv(dir, {}),
  });
  templateInThisProcess = dir;
  return dir;
}

function databaseTemplateDir(): string | undefined {
  return templateInThisProcess ?? (inject("databaseTemplateDir") || undefined);
}

/** Gives a data directory without a database a copy of the migrated template, when there is one. */
async function seedDataDir(dataDir: string): Promise<void> {
  const template = databaseTemplateDir();
  if (!template || existsSync(join(dataDir, "db"))) return;
  await cp(join(template, "db"), join(dataDir, "db"), { recursive: true });
}

/** A few hundred tries of a few rounds each: solved in milliseconds, still by the browser's workers. */
const TEST_ALTCHA_COST = { ALTCHA_COST: "10", ALTCHA_MAX_COUNTER: "400" };

function childEnv(dataDir: string, extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: "0",
    DATA_DIR: dataDir,
    NODE_ENV: "test",
    WEB_DIST_DIR,
    // A token scrypt cost for every sign-up and sign-in of the suite (refused in production).
    TEST_FAST_PASSWORD_HASH: extra.NODE_ENV === "production" ? "0" : "1",
    // The real ALTCHA check (widget, workers, signed challenge, verification, replay store) at a token
    // proof of work: the default 1,000 PBKDF2 rounds × 2,500–5,000 tries cost each guest join and sign-up
    // about 3 s of CPU (issue #37). A production server keeps the default cost.
    ...(extra.NODE_ENV === "production" ? {} : TEST_ALTCHA_COST),
    ...extra,
  };
  // The embedded PGlite and in-memory presence are what the browser suite tests; never someone's database.
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  return env;
}

function waitForExit(child: ChildProcess, timeoutMs: number): Promise<number | string | null> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve(child.exitCode ?? child.signalCode);
  }
  return new Promise((resolveExit, rejectExit) => {
    const timer = setTimeout(() => {
      child.off("exit", onExit);
      rejectExit(new Error(`server (pid ${child.pid}) did not exit within ${timeoutMs} ms of SIGTERM`));
    }, timeoutMs);
    const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
      clearTimeout(timer);
      resolveExit(code ?? signal);
    };
    child.once("exit", onExit);
  });
}

/** The newest modification time of any file under `dir` that a build takes in (tests are not). */
async function newestChange(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const sources = entries.filter((entry) => entry.isFile() && !/\.test\.tsx?$/.test(entry.name));
  const times = await Promise.all(
    sources.map(async (entry) => (await stat(join(entry.parentPath, entry.name))).mtimeMs),
  );
  return Math.max(0, ...times);
}

let serverArgs: Promise<string[]> | undefined;

/**
 * How a server is started: the built bundle (`npm run build`, which `npm test` and `npm run test:e2e` run
 * first) when it is newer than every source it is built from, else the TypeScript source through tsx.
 * The bundle starts on about half the CPU (3.7 s against 6.9 s here: tsx compiles the server at every
 * start), and it is the server people run.
 */
function serverCommandArgs(): Promise<string[]> {
  serverArgs ??= (async () => {
    const built = await stat(SERVER_BUNDLE).then(
      (info) => info.mtimeMs,
      () => undefined,
    );
    const sources = Math.max(...(await Promise.all(SERVER_SOURCES.map(newestChange))));
    if (built !== undefined && built >= sources) return [SERVER_BUNDLE];
    console.warn(
      `[e2e] ${SERVER_BUNDLE} is missing or older than the server's sources: servers run through tsx`,
    );
    return ["--import", "tsx", SERVER_ENTRY];
  })();
  return serverArgs;
}

/**
 * Starts a real Heartline server (the built apps/server/dist/main.js, or src/main.ts through tsx) on a free port with its own fresh
 * DATA_DIR. The global setup starts one for every test; a test that needs isolated state (an exact
 * online count, a second node) starts its own with this.
 */
export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  assertWebBuilt();
  const dataDir = await mkdtemp(join(tmpdir(), "heartline-e2e-"));
  await seedDataDir(options.env?.DATA_DIR ?? dataDir);
  // `node --import tsx`, not the tsx CLI: the CLI relays SIGTERM to a child and SIGKILLs it when the
  // child does not acknowledge within ~60 ms, which a busy 2-core machine misses (exit 143, no
  // graceful shutdown). One process gets the signal itself.
  const child = spawn(process.execPath, await serverCommandArgs(), {
    cwd: REPO_ROOT,
    env: childEnv(dataDir, options.env ?? {}),
    stdio: ["ignore", "pipe", "pipe"],
  });
  await options.onSpawn?.(child.pid ?? 0, dataDir);
  let output = "";
  const append = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-MAX_LOG_CHARS);
  };
  child.stdout?.on("data", append);
  child.stderr?.on("data", append);

  const cleanUp = async () => {
    await rm(dataDir, { recursive: true, force: true });
  };

  let baseUrl: string;
  try {
    baseUrl = await new Promise<string>((resolveUrl, rejectUrl) => {
      const fail = (reason: string) => {
        cleanUpListeners();
        rejectUrl(new Error(`Heartline server did not start: ${reason}\n--- server output ---\n${output}`));
      };
      const onData = () => {
        const match = SERVING_LINE.exec(output);
        if (match?.[1]) {
          cleanUpListeners();
          resolveUrl(match[1]);
        }
      };
      const onExit = (code: number | null, signal: NodeJS.Signals | null) =>
        fail(`it exited early (code ${code}, signal ${signal})`);
      const onError = (error: Error) => fail(error.message);
      const timer = setTimeout(() => fail(`no serving line within ${START_TIMEOUT_MS} ms`), START_TIMEOUT_MS);
      const cleanUpListeners = () => {
        clearTimeout(timer);
        child.stdout?.off("data", onData);
        child.stderr?.off("data", onData);
        child.off("exit", onExit);
        child.off("error", onError);
      };
      child.stdout?.on("data", onData);
      child.stderr?.on("data", onData);
      child.once("exit", onExit);
      child.once("error", onError);
    });
  } catch (error) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGKILL");
      await waitForExit(child, STOP_TIMEOUT_MS).catch(() => undefined);
    }
    await cleanUp();
    throw error;
  }

  return {
    baseUrl,
    dataDir,
    pid: child.pid ?? 0,
    log: () => output,
    async stop() {
      try {
        if (child.exitCode !== null || child.signalCode !== null) {
          throw new Error(
            `server (pid ${child.pid}) had already exited (code ${child.exitCode}, signal ${child.signalCode})\n${output}`,
          );
        }
        child.kill("SIGTERM");
        const result = await waitForExit(child, STOP_TIMEOUT_MS).catch((error: unknown) => {
          child.kill("SIGKILL");
          throw error;
        });
        // A graceful shutdown exits 0 by itself; exiting *by* the signal means SIGTERM was not handled.
        if (result !== 0) {
          throw new Error(`server did not shut down gracefully on SIGTERM (exit: ${result})\n${output}`);
        }
      } finally {
        child.stdout?.off("data", append);
        child.stderr?.off("data", append);
        await cleanUp();
      }
    },
  };
}

/** A port nobody listens on right now, so PUBLIC_URL can name the server's own origin. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolvePort(port));
    });
  });
}

/** A server with `env`; with `isOwnOrigin` on a port chosen up front, which PUBLIC_URL names. */
async function startOwnServer(
  env: Record<string, string>,
  isOwnOrigin: boolean,
  onSpawn?: StartServerOptions["onSpawn"],
): Promise<RunningServer> {
  const port = isOwnOrigin ? await freePort() : undefined;
  const origin: Record<string, string> = port
    ? { PORT: String(port), PUBLIC_URL: `http://localhost:${port}` }
    : {};
  return startServer({ env: { ...env, ...origin }, onSpawn });
}

/**
 * This worker's servers started ahead, one per configuration, each for the next file that asks for the
 * same: a start is about 3–4 s, which the file's tests then no longer wait for (issue #37). Each is noted
 * in `spareServersDir` until a file takes it; the global teardown stops any left (global-setup.ts).
 */
const spares = new Map<string, Promise<RunningServer | undefined>>();

const spareNote = (pid: number) => join(inject("spareServersDir"), String(pid));

function startSpare(key: string, env: Record<string, string>, isOwnOrigin: boolean): void {
  let spawned = 0;
  // Noted from its spawn: a worker may end before the spare is up, and the teardown must find it.
  const note = async (pid: number, dataDir: string) => {
    spawned = pid;
    await writeFile(spareNote(pid), dataDir);
  };
  const spare = startOwnServer(env, isOwnOrigin, note).catch(async () => {
    // A spare that did not start is no loss (startServer stopped it): the next file starts its own.
    if (spawned) await rm(spareNote(spawned), { force: true });
    return undefined;
  });
  spares.set(key, spare);
}

async function takeSpare(key: string): Promise<RunningServer | undefined> {
  const spare = await spares.get(key);
  spares.delete(key);
  if (!spare) return undefined;
  await unlink(spareNote(spare.pid));
  return spare;
}

/** Stops the spares a run's workers left (global teardown): SIGTERM, then their data directories. */
export async function stopLeftSpares(dir: string): Promise<void> {
  const noted = await readdir(dir).catch(() => [] as string[]);
  await Promise.all(
    noted.map(async (name) => {
      const dataDir = await readFile(join(dir, name), "utf8");
      try {
        process.kill(Number(name), "SIGTERM");
        for (let tries = 0; tries < STOP_TIMEOUT_MS / 100; tries += 1) {
          process.kill(Number(name), 0);
          await new Promise((resolveWait) => setTimeout(resolveWait, 100));
        }
        process.kill(Number(name), "SIGKILL");
      } catch {
        // Gone: it exited on SIGTERM (or had exited before).
      }
      await rm(dataDir, { recursive: true, force: true });
    }),
  );
  await rm(dir, { recursive: true, force: true });
}

/**
 * The spec file's own server with `env`, started before its tests and stopped after them. With
 * `isOwnOrigin` it listens on a port chosen up front and PUBLIC_URL names it: sign-ups (Better Auth)
 * and profile writes (CSRF) check the Origin against it. With `hasSpare`, the worker also starts the
 * next such server (same `env`) while this file runs, and takes it if one is ready (fresh DATA_DIR, never
 * used). Returns the running server inside the tests.
 */
export function useOwnServer(
  env: Record<string, string>,
  { isOwnOrigin = false, hasSpare = false }: { isOwnOrigin?: boolean; hasSpare?: boolean } = {},
): () => RunningServer {
  let server: RunningServer | undefined;
  beforeAll(async () => {
    const key = JSON.stringify([env, isOwnOrigin]);
    server = (hasSpare ? await takeSpare(key) : undefined) ?? (await startOwnServer(env, isOwnOrigin));
    if (hasSpare) startSpare(key, env, isOwnOrigin);
  });
  afterAll(async () => {
    await server?.stop();
  });
  return () => {
    if (!server) throw new Error("the spec's server has not started");
    return server;
  };
}
