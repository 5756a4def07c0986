import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { io as connectClient } from "socket.io-client";
import { buildApp } from "../../src/app";
import { type ConfigEnv, loadConfig } from "../../src/config";
import type { RandomChatOptions } from "../../src/features/random-chat/random-chat";
import {
  type ConnectOptions,
  TEST_PUBLIC_URL,
  type TestApp,
  type TestClient,
  waitForConnect,
} from "../helpers/test-app";

/**
 * `startTestApp` of the helpers with the random-chat tunables of `buildApp` (a short AI wait), which
 * the shared helper does not pass through. Same defaults: in-memory PGlite, a temporary DATA_DIR.
 */
export async function startAiTestApp(options: {
  env: ConfigEnv;
  randomChat: RandomChatOptions;
}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "heartline-ai-test-"));
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    PUBLIC_URL: TEST_PUBLIC_URL,
    AUTH_SECRET: "test-secret-test-secret-test-secret-0123",
    WEB_DIST_DIR: path.join(dataDir, "no-web-build"),
    ...options.env,
  });
  let app: FastifyInstance;
  try {
    app = await buildApp({ config, inMemoryDatabase: true, randomChat: options.randomChat });
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
