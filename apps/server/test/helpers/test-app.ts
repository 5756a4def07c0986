import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ClientToServerEvents, ServerToClientEvents } from "@heartline/shared";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import { io as connectClient, type ManagerOptions, type Socket, type SocketOptions } from "socket.io-client";
import { type BuildAppOptions, buildApp, type RealtimeOptions } from "../../src/app";
import { type ConfigEnv, loadConfig } from "../../src/config";
import type { ScatteredPushOptions } from "../../src/features/confessions/index";
import type { ImageJobsOptions } from "../../src/features/index";
import type { RandomChatOptions } from "../../src/features/random-chat/random-chat";
import { databaseTemplate } from "./database-template";

export type TestClient = Socket<ServerToClientEvents, ClientToServerEvents>;
export type ConnectOptions = Partial<ManagerOptions & SocketOptions>;

export interface TestApp {
  app: FastifyInstance;
  /** http://127.0.0.1:<port> */
  url: string;
  dataDir: string;
  /** A real socket.io-client connected to the app; resolves once connected (rejects on connect_error). */
  connect(options?: ConnectOptions): Promise<TestClient>;
  /** A client that is not connected yet (for tests of refused connections). */
  client(options?: ConnectOptions): TestClient;
  /** Disconnects every client made here, closes the app, removes the temporary data dir. */
  close(): Promise<void>;
}

export interface StartTestAppOptions {
  /** Extra environment on top of the test defaults (never `process.env`: CI exports DATABASE_URL). */
  env?: ConfigEnv;
  /** Defaults to true; false opens PGlite files in the temporary DATA_DIR (with its lock). */
  inMemoryDatabase?: boolean;
  /** Random-chat tunables (a short AI wait, a short rematch cooldown). */
  randomChat?: RandomChatOptions;
  /** A logger of the test's own (e.g. pino on a stream the test reads); silent by default. */
  logger?: FastifyBaseLogger;
  /** Realtime tunables (event limits, the session re-check interval). */
  realtime?: RealtimeOptions;
  /** The clock of direct-message sends and streaks (default `Date.now`). */
  clock?: () => number;
  /** The spread of an account deletion's wall pushes (default: a few hundred ms for tests). */
  accountRemovalPushes?: ScatteredPushOptions;
  /** The image queue's limits (issue #33: a queue that is full at once). */
  imageJobs?: ImageJobsOptions;
  /** An AI companion of the test's, to watch its state (the app starts and stops it). */
  aiCompanion?: BuildAppOptions["aiCompanion"];
  /** The notifications' retry delays and streak-reminder interval. */
  notifications?: BuildAppOptions["notifications"];
  /** Hears every route as it is added. */
  onRoute?: BuildAppOptions["onRoute"];
  /**
   * Build the OpenAPI document at start, as production does (default false: it costs a few hundred ms
   * of CPU per app, and only the suites that read the document or watch the event loop need it).
   */
  openApiAtStart?: boolean;
}

/** Short enough for a test to wait for every removal push; the privacy tests pass their own. */
export const TEST_REMOVAL_PUSHES: ScatteredPushOptions = { windowMs: 300, gapMs: 20 };

export const TEST_AUTH_SECRET = "test-secret-test-secret-test-secret-0123";
export const TEST_PUBLIC_URL = "http://localhost:3000";

export async function startTestApp(options: StartTestAppOptions = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "heartline-test-"));
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    PUBLIC_URL: TEST_PUBLIC_URL,
    AUTH_SECRET: TEST_AUTH_SECRET,
    WEB_DIST_DIR: path.join(dataDir, "no-web-build"),
    // A token scrypt cost: suites sign up and guess passwords by the hundred (refused in production).
    TEST_FAST_PASSWORD_HASH: options.env?.NODE_ENV === "production" ? "0" : "1",
    ...options.env,
  });
  const inMemoryDatabase = options.inMemoryDatabase ?? true;
  const template = inMemoryDatabase && !config.databaseUrl ? await databaseTemplate() : undefined;
  let app: FastifyInstance;
  try {
    app = await buildApp({
      config,
      inMemoryDatabase,
      ...(template ? { inMemoryDatabaseFrom: template } : {}),
      ...(options.randomChat ? { randomChat: options.randomChat } : {}),
      ...(options.logger ? { logger: options.logger } : {}),
      ...(options.realtime ? { realtime: options.realtime } : {}),
      ...(options.clock ? { clock: options.clock } : {}),
      accountRemovalPushes: options.accountRemovalPushes ?? TEST_REMOVAL_PUSHES,
      ...(options.imageJobs ? { imageJobs: options.imageJobs } : {}),
      ...(options.notifications ? { notifications: options.notifications } : {}),
      ...(options.aiCompanion ? { aiCompanion: options.aiCompanion } : {}),
      ...(options.onRoute ? { onRoute: options.onRoute } : {}),
      openApiAtStart: options.openApiAtStart ?? false,
    });
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  await app.listen({ host: "127.0.0.1", port: 0 });
  const address = app.server.address();
  if (address === null || typeof address === "string") throw new Error("the app is not listening on TCP");
  const url = `http://127.0.0.1:${address.port}`;
  const clients = new Set<TestClient>();

  const client = (connectOptions: ConnectOptions = {}): TestClient => {
    const socket: TestClient = connectClient(url, {
      transports: ["websocket"],
      reconnection: false,
      forceNew: true,
      autoConnect: false,
      ...connectOptions,
    });
    clients.add(socket);
    return socket;
  };

  return {
    app,
    url,
    dataDir,
    client,
    connect: (connectOptions) => waitForConnect(client(connectOptions)),
    close: async () => {
      for (const socket of clients) socket.disconnect();
      clients.clear();
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export function waitForConnect(socket: TestClient): Promise<TestClient> {
  return new Promise((resolve, reject) => {
    const onConnect = (): void => {
      socket.off("connect_error", onError);
      resolve(socket);
    };
    const onError = (error: Error): void => {
      socket.off("connect", onConnect);
      reject(error);
    };
    socket.once("connect", onConnect);
    socket.once("connect_error", onError);
    socket.connect();
  });
}
