import type { FastifyInstance } from "fastify";
import { buildApp } from "./app";
import { type AppConfig, loadConfig } from "./config";
import { StartupError } from "./errors/startup-error";

/** A shutdown that hangs (a stuck connection) must not keep the process alive forever. */
const SHUTDOWN_TIMEOUT_MS = 10_000;
/**
 * Connections the kernel queues before the server accepts them (Node's default is 511; Linux caps it at
 * `net.core.somaxconn`, 4,096 on current kernels). After a restart or a network blip every client
 * reconnects within a second or two; a full queue drops their SYNs, and TCP retries those after 1, 3,
 * 7, 15 s…, long after the server has caught up.
 */
const LISTEN_BACKLOG = 4_096;

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await buildApp({ config });
  // Before listening: once the port is open a SIGTERM may come at any moment, and without a handler
  // Node dies at once (exit 143) instead of closing sockets, the database and its lock file.
  handleShutdownSignals(app);
  logUnhandledRejections(app);
  if (config.benchMemoryProbe) answerBenchMemoryProbes();
  try {
    await app.listen({ host: config.host, port: config.port, backlog: LISTEN_BACKLOG });
  } catch (error) {
    await app.close().catch(() => undefined);
    throw listenError(error, config);
  }
  console.log(`Heartline is serving on ${displayUrl(app, config)}`);
}

function handleShutdownSignals(app: FastifyInstance): void {
  let isClosing = false;
  const shutdown = (signal: NodeJS.Signals): void => {
    if (isClosing) {
      // A second Ctrl+C means "now".
      process.exit(1);
    }
    isClosing = true;
    app.log.info({ signal }, "shutting down");
    const forceExit = setTimeout(() => {
      console.error("Heartline did not stop within 10 s; exiting anyway.");
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    forceExit.unref();
    app.close().then(
      () => {
        clearTimeout(forceExit);
        process.exit(0);
      },
      (error: unknown) => {
        console.error("Heartline failed to stop cleanly:", error);
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", shutdown);
}

/**
 * A last resort (issue #33): Node 20 ends the process on a rejection nobody handled, which would take
 * every user's chat down for one forgotten `.catch`. Every socket event and route already answers its
 * own failures (`realtime/event-failures.ts`, the error handler); anything that still slips through is
 * logged with its stack and the server keeps serving. A synchronous uncaught exception still ends the
 * process: its state may be half-changed.
 */
function logUnhandledRejections(app: FastifyInstance): void {
  process.on("unhandledRejection", (reason) => {
    app.log.error({ err: reason }, "unhandled promise rejection");
  });
}

/**
 * Benchmark B4 only (bench/b4-capacity.mjs, `HEARTLINE_BENCH_MEMORY=1`): the bench starts the server
 * as its child with an IPC channel and `--expose-gc`; its message `"memory"` is answered with
 * `process.memoryUsage()` read after a full GC. Nothing without the IPC channel; no HTTP route.
 */
function answerBenchMemoryProbes(): void {
  if (!process.send) return;
  process.on("message", (message) => {
    if (message !== "memory") return;
    const { gc } = globalThis as { gc?: () => void };
    gc?.();
    process.send?.({ memory: process.memoryUsage(), gc: gc !== undefined });
  });
}

function displayUrl(app: FastifyInstance, config: AppConfig): string {
  const address = app.server.address();
  const port = typeof address === "object" && address !== null ? address.port : config.port;
  const isWildcard = ["0.0.0.0", "::", "127.0.0.1", "::1"].includes(config.host);
  const host = isWildcard ? "localhost" : config.host;
  return `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
}

function listenError(error: unknown, config: AppConfig): unknown {
  const code = typeof error === "object" && error !== null && "code" in error ? error.code : undefined;
  if (code === "EADDRINUSE") {
    return new StartupError(
      `Port ${config.port} on ${config.host} is already in use. Stop the other program or set PORT.`,
    );
  }
  if (code === "EACCES") {
    return new StartupError(`Not allowed to listen on port ${config.port}. Use a port above 1024.`);
  }
  return error;
}

main().catch((error: unknown) => {
  if (error instanceof StartupError) {
    console.error(error.message);
  } else {
    console.error("Heartline failed to start:", error);
  }
  process.exit(1);
});
