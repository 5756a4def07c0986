// The production build (issue #41 §4, ADR 0020): `npm run build -w @heartline/server` compiles the
// server, and the compiled output runs on `node` alone with NODE_ENV=production. The test lays out
// what the container image holds (apps/server/dist, the migrations, package.json, node_modules and a
// web app) in a temp folder without any TypeScript source, starts it as a real process on PGlite in a
// temp DATA_DIR, and checks that it answers /api/health, serves the web app's index and accepts a
// Socket.IO connection. NODE_OPTIONS loads a guard that refuses any .ts file, tsx, TypeScript or
// esbuild, through `import` or `require`; the guard is proven on a process that loads tsx.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { io } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const ROOT = resolve(fileURLToPath(new URL("..", import.meta.url)));
const NPM = process.platform === "win32" ? "npm.cmd" : "npm";
const SERVING = /Heartline is serving on http:\/\/[^:]+:(\d+)/;
/** Everything on this machine's two cores may be busy: PGlite's first migration can take 20 s then. */
const START_TIMEOUT_MS = 90_000;
const REFUSED = "TypeScript tooling loaded at run time";
const WEB_INDEX = "<!doctype html><title>Heartline production build test</title>";

/** What must never be loaded by the compiled server: TypeScript files and the tools that run them. */
const TOOLING_PATTERN = String.raw`[\\/]node_modules[\\/](tsx|typescript|esbuild|@esbuild)[\\/]|\.[cm]?tsx?$`;

/** ESM resolution hooks (module.register) for `import`, and a wrapper of the CJS resolver for `require`. */
const GUARD_HOOKS = `
const TOOLING = new RegExp(${JSON.stringify(TOOLING_PATTERN)});
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  if (TOOLING.test(result.url)) throw new Error(${JSON.stringify(REFUSED)} + ": " + result.url);
  return result;
}
`;
const GUARD = `
import Module, { register } from "node:module";
const TOOLING = new RegExp(${JSON.stringify(TOOLING_PATTERN)});
register(new URL("./tooling-guard-hooks.mjs", import.meta.url));
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (...args) {
  const file = resolveFilename.apply(this, args);
  if (TOOLING.test(file)) throw new Error(${JSON.stringify(REFUSED)} + ": " + file);
  return file;
};
`;

/**
 * @param {string} command
 * @param {string[]} args
 * @param {{ cwd: string, env?: NodeJS.ProcessEnv }} options
 * @returns {Promise<{ code: number, output: string }>}
 */
function runToEnd(command, args, { cwd, env = process.env }) {
  return new Promise((resolveRun, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    child.once("error", reject);
    child.once("close", (code) => resolveRun({ code: code ?? 1, output }));
  });
}

/**
 * The compiled server, started as production starts it, on a free port; resolves once it says where.
 * @param {string} appDir
 * @param {NodeJS.ProcessEnv} env
 */
function startCompiledServer(appDir, env) {
  const child = spawn(process.execPath, ["--max-semi-space-size=64", "apps/server/dist/main.js"], {
    cwd: appDir,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const port = new Promise((resolvePort, reject) => {
    const onData = (/** @type {Buffer} */ chunk) => {
      output += chunk;
      const match = SERVING.exec(output);
      if (match?.[1]) resolvePort(Number(match[1]));
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.once("exit", (code) => reject(new Error(`the compiled server exited with ${code}:\n${output}`)));
  });
  const stop = () =>
    new Promise((resolveStop) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolveStop(undefined);
      child.once("exit", resolveStop);
      child.kill("SIGTERM");
    });
  return { port, stop, output: () => output };
}

describe("the production build", () => {
  /** @type {string} */
  let tmp;
  /** @type {string} */
  let guardOptions;
  /** @type {ReturnType<typeof startCompiledServer> | undefined} */
  let server;
  /** @type {string} */
  let baseUrl;

  beforeAll(async () => {
    tmp = await mkdtemp(join(tmpdir(), "heartline-production-build-"));
    await writeFile(join(tmp, "tooling-guard-hooks.mjs"), GUARD_HOOKS);
    await writeFile(join(tmp, "tooling-guard.mjs"), GUARD);
    guardOptions = `--import=${pathToFileURL(join(tmp, "tooling-guard.mjs")).href}`;

    const built = await runToEnd(NPM, ["run", "build", "-w", "@heartline/server"], { cwd: ROOT });
    expect(built.code, built.output).toBe(0);

    // What the image holds, and nothing of the sources: no src/, no packages/shared.
    const app = join(tmp, "app");
    await mkdir(join(app, "apps/server"), { recursive: true });
    for (const part of ["dist", "drizzle", "package.json"]) {
      await cp(join(ROOT, "apps/server", part), join(app, "apps/server", part), { recursive: true });
    }
    await symlink(join(ROOT, "node_modules"), join(app, "node_modules"), "dir");
    if (existsSync(join(ROOT, "apps/server/node_modules"))) {
      await symlink(join(ROOT, "apps/server/node_modules"), join(app, "apps/server/node_modules"), "dir");
    }
    // A one-file web app where the default WEB_DIST_DIR points (the real one takes a minute to build).
    await mkdir(join(app, "apps/web/dist"), { recursive: true });
    await writeFile(join(app, "apps/web/dist/index.html"), WEB_INDEX);

    server = startCompiledServer(app, {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? tmp,
      NODE_ENV: "production",
      NODE_OPTIONS: guardOptions,
      HOST: "127.0.0.1",
      PORT: "0",
      DATA_DIR: join(tmp, "data"),
      PUBLIC_URL: "https://chat.example.com",
      AUTH_SECRET: "production-build-test-secret-0123456789abcdef",
      LOG_LEVEL: "warn",
    });
    baseUrl = `http://127.0.0.1:${await server.port}`;
  }, START_TIMEOUT_MS + 60_000);

  afterAll(async () => {
    await server?.stop();
    if (tmp) await rm(tmp, { recursive: true, force: true });
  }, 30_000);

  it("answers its health check on PGlite, its migrations applied", async () => {
    const response = await fetch(`${baseUrl}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: "ok", database: { ok: true, driver: "pglite" } });
  });

  it("serves the web app from its default place next to the server", async () => {
    const response = await fetch(`${baseUrl}/`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(WEB_INDEX);
  });

  it("accepts a Socket.IO connection", async () => {
    const socket = io(baseUrl, { transports: ["websocket"], reconnection: false });
    try {
      const connected = await new Promise((resolveConnect, reject) => {
        socket.once("connect", () => resolveConnect(socket.connected));
        socket.once("connect_error", reject);
      });
      expect(connected).toBe(true);
    } finally {
      socket.disconnect();
    }
  });

  it("finds every file it opens at run time in the compiled output", async () => {
    const bundle = await readFile(join(ROOT, "apps/server/dist/main.js"), "utf8");
    const targets = [...bundle.matchAll(/new URL\("([^"]+)", import\.meta\.url\)/g)].map((match) => match[1]);
    expect(targets).toEqual(
      expect.arrayContaining([
        "../drizzle",
        "../../web/dist",
        "./features/automod/image-classifier.worker.mjs",
      ]),
    );
    const distUrl = pathToFileURL(join(tmp, "app/apps/server/dist/main.js"));
    const missing = targets.filter((target) => !existsSync(fileURLToPath(new URL(target ?? "", distUrl))));
    expect(missing).toEqual([]);
  });

  it("runs the admin CLI compiled too", async () => {
    const result = await runToEnd(process.execPath, ["apps/server/dist/admin.js"], {
      cwd: join(tmp, "app"),
      env: { PATH: process.env.PATH ?? "", NODE_OPTIONS: guardOptions },
    });
    expect(result.code).toBe(2);
    expect(result.output).toContain("Usage: npm run admin -- grant <email> | revoke <email>");
  });

  it("is guarded: the same NODE_OPTIONS refuse tsx, by import and by require", async () => {
    const env = { PATH: process.env.PATH ?? "", NODE_OPTIONS: guardOptions };
    const imported = await runToEnd(
      process.execPath,
      ["--input-type=module", "-e", 'await import("tsx/esm/api")'],
      {
        cwd: ROOT,
        env,
      },
    );
    expect(imported.code).not.toBe(0);
    expect(imported.output).toContain(REFUSED);
    const required = await runToEnd(process.execPath, ["-e", 'require("tsx/cjs/api")'], { cwd: ROOT, env });
    expect(required.code).not.toBe(0);
    expect(required.output).toContain(REFUSED);
  });
});
