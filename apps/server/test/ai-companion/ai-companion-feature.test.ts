import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Fastify from "fastify";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type ConfigEnv, loadConfig } from "../../src/config";
import { type AiCompanionFeature, createAiCompanionFeature } from "../../src/features/ai-companion/index";
import { delay } from "../helpers/socket-events";
import { type FakeOpenAiServer, startFakeOpenAiServer } from "./fake-openai-server";

/** The feature alone, from the configuration (no database needed to decide whether the AI is on). */
function buildAi(env: ConfigEnv, dataDir: string): AiCompanionFeature {
  const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, AUTH_SECRET: "x".repeat(32), ...env });
  const ai = createAiCompanionFeature({ ai: config.ai, log: Fastify({ logger: false }).log });
  ai.start();
  return ai;
}

describe("the AI companion feature (ARCHITECTURE §3: AI off unless AI_BASE_URL is set)", () => {
  let fake: FakeOpenAiServer;
  let dataDir: string;
  let ai: AiCompanionFeature | undefined;

  beforeEach(async () => {
    fake = await startFakeOpenAiServer();
    dataDir = mkdtempSync(path.join(tmpdir(), "heartline-ai-plugin-"));
  });
  afterEach(async () => {
    await ai?.stop();
    ai = undefined;
    await fake.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("gives a companion that is never available and never calls anything without AI_BASE_URL", async () => {
    ai = buildAi({ AI_MODEL: "llama3.2" }, dataDir);
    await delay(100);
    expect(ai.companion.isAvailable()).toBe(false);
    expect(ai.companion.pickPersona("any")).toBeNull();
    await expect(
      ai.companion.reply({ id: "x", name: "X", gender: "other", region: "r", style: "s" }, []),
    ).rejects.toThrow("The AI companion is not configured");
    expect(fake.requests).toHaveLength(0);
  });

  it("connects the real companion to AI_BASE_URL, with the shipped personas, and stops it on close", async () => {
    ai = buildAi({ AI_BASE_URL: fake.baseUrl, AI_API_KEY: "sk-plugin" }, dataDir);
    const companion = ai.companion;
    const deadline = Date.now() + 3_000;
    while (!companion.isAvailable() && Date.now() < deadline) await delay(10);
    expect(companion.isAvailable()).toBe(true);
    expect(fake.requests[0]).toMatchObject({ method: "GET", path: "/v1/models" });
    expect(fake.requests[0]?.headers.authorization).toBe("Bearer sk-plugin");
    const persona = companion.pickPersona("female");
    expect(persona?.gender).toBe("female");
    expect(persona?.region).toBeTruthy();
    await ai.stop();
    ai = undefined;
    expect(companion.isAvailable()).toBe(false);
  });
});
