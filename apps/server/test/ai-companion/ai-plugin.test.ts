import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type ConfigEnv, loadConfig } from "../../src/config";
import { aiPlugin } from "../../src/features/ai-companion/ai-plugin";
import { configPlugin } from "../../src/plugins/config";
import { delay } from "../helpers/socket-events";
import { type FakeOpenAiServer, startFakeOpenAiServer } from "./fake-openai-server";

/** The plugin alone on a bare Fastify (no database needed to decide whether the AI is on). */
async function buildAiApp(env: ConfigEnv, dataDir: string): Promise<FastifyInstance> {
  const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, AUTH_SECRET: "x".repeat(32), ...env });
  const app = Fastify({ logger: false });
  await app.register(configPlugin, { config });
  await app.register(aiPlugin);
  await app.ready();
  return app;
}

describe("ai plugin (ARCHITECTURE §3: AI off unless AI_BASE_URL is set)", () => {
  let fake: FakeOpenAiServer;
  let dataDir: string;
  let app: FastifyInstance | undefined;

  beforeEach(async () => {
    fake = await startFakeOpenAiServer();
    dataDir = mkdtempSync(path.join(tmpdir(), "heartline-ai-plugin-"));
  });
  afterEach(async () => {
    await app?.close();
    app = undefined;
    await fake.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("gives a companion that is never available and never calls anything without AI_BASE_URL", async () => {
    app = await buildAiApp({ AI_MODEL: "llama3.2" }, dataDir);
    await delay(100);
    expect(app.aiCompanion.isAvailable()).toBe(false);
    expect(app.aiCompanion.pickPersona("any")).toBeNull();
    await expect(
      app.aiCompanion.reply({ id: "x", name: "X", gender: "other", region: "r", style: "s" }, []),
    ).rejects.toThrow("The AI companion is not configured");
    expect(fake.requests).toHaveLength(0);
  });

  it("connects the real companion to AI_BASE_URL, with the shipped personas, and stops it on close", async () => {
    app = await buildAiApp({ AI_BASE_URL: fake.baseUrl, AI_API_KEY: "sk-plugin" }, dataDir);
    const companion = app.aiCompanion;
    const deadline = Date.now() + 3_000;
    while (!companion.isAvailable() && Date.now() < deadline) await delay(10);
    expect(companion.isAvailable()).toBe(true);
    expect(fake.requests[0]).toMatchObject({ method: "GET", path: "/v1/models" });
    expect(fake.requests[0]?.headers.authorization).toBe("Bearer sk-plugin");
    const persona = companion.pickPersona("female");
    expect(persona?.gender).toBe("female");
    expect(persona?.region).toBeTruthy();
    await app.close();
    app = undefined;
    expect(companion.isAvailable()).toBe(false);
  });
});
