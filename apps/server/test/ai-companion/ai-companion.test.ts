import { AI_MAX_ERRORS } from "@heartline/shared";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { AiPersona, AiTurn } from "../../src/features/ai-companion/ai-companion";
import {
  AI_HISTORY_TURNS,
  type ConfiguredAiCompanion,
  type CreateAiCompanionOptions,
  createAiCompanion,
} from "../../src/features/ai-companion/create-ai-companion";
import { CRISIS_REPLY } from "../../src/features/ai-companion/crisis-guard";
import { DISCLOSURE_REPLY } from "../../src/features/ai-companion/reply-guard";
import { delay } from "../helpers/socket-events";
import { type FakeOpenAiServer, startFakeOpenAiServer } from "./fake-openai-server";

const PERSONAS: AiPersona[] = [
  {
    id: "lena",
    name: "Lena",
    gender: "female",
    region: "Hamburg, Germany (Europe)",
    style: "a student in her twenties",
  },
  {
    id: "kofi",
    name: "Kofi",
    gender: "male",
    region: "Accra, Ghana (Africa)",
    style: "an engineer in his thirties",
  },
  {
    id: "maya",
    name: "Maya",
    gender: "female",
    region: "Austin, USA (North America)",
    style: "a nurse in her thirties",
  },
];

/** Generous: a first `fetch` on a loaded machine can take a while; "hang" tests pass their own. */
const REQUEST_TIMEOUT_MS = 5_000;

async function waitFor(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await delay(10);
  }
}

describe("AI companion (spec §4 AI fallback, ARCHITECTURE §9.2)", () => {
  let fake: FakeOpenAiServer;
  let companion: ConfiguredAiCompanion;
  const availability: boolean[] = [];

  const make = async (options: Partial<CreateAiCompanionOptions> = {}): Promise<ConfiguredAiCompanion> => {
    companion = createAiCompanion({
      config: {
        baseUrl: fake.baseUrl,
        model: "fake-model",
        apiKey: undefined,
        timeoutMs: REQUEST_TIMEOUT_MS,
      },
      personas: PERSONAS,
      ...options,
    });
    companion.onAvailabilityChange((available) => availability.push(available));
    companion.start();
    await waitFor(() => companion.isAvailable());
    return companion;
  };

  beforeEach(async () => {
    availability.length = 0;
    fake = await startFakeOpenAiServer();
  });
  afterEach(async () => {
    await companion.stop();
    await fake.close();
  });

  it("becomes available after the first health check and says so", async () => {
    companion = createAiCompanion({
      config: {
        baseUrl: fake.baseUrl,
        model: "fake-model",
        apiKey: undefined,
        timeoutMs: REQUEST_TIMEOUT_MS,
      },
      personas: PERSONAS,
    });
    expect(companion.isAvailable()).toBe(false);
    expect(companion.pickPersona("any")).toBeNull();
    companion.onAvailabilityChange((available) => availability.push(available));
    companion.start();
    await waitFor(() => companion.isAvailable());
    expect(availability).toEqual([true]);
    expect(fake.requests.map((request) => `${request.method} ${request.path}`)).toEqual(["GET /v1/models"]);
  });

  it("picks personas the user's preference accepts, preferring idle ones, and tracks the active ones", async () => {
    await make({ random: () => 0 });
    expect(companion.pickPersona("male")?.id).toBe("kofi");
    expect(companion.pickPersona("other")).toBeNull();
    const first = companion.pickPersona("female");
    const second = companion.pickPersona("female");
    expect([first?.id, second?.id]).toEqual(["lena", "maya"]);
    expect(companion.state()).toMatchObject({
      currentPersona: second,
      currentRegion: "Austin, USA (North America)",
      activePersonas: ["kofi", "lena", "maya"],
    });
    // Everyone busy: a persona may serve two users at once.
    expect(companion.pickPersona("female")?.id).toBe("lena");
    if (first) companion.releasePersona(first);
    expect(companion.state().activePersonas).toContain("lena");
    if (first) companion.releasePersona(first);
    expect(companion.state().activePersonas).toEqual(["kofi", "maya"]);
  });

  it("replies through the endpoint with the system prompt first and the conversation after it", async () => {
    await make();
    const persona = PERSONAS[1] as AiPersona;
    const history: AiTurn[] = [
      { role: "user", content: "hi!" },
      { role: "assistant", content: "Hey, how are you?" },
      { role: "user", content: "good, where are you from?" },
    ];
    await expect(companion.reply(persona, history)).resolves.toBe("Echo: good, where are you from?");
    const [body] = fake.chatRequests();
    expect(body?.model).toBe("fake-model");
    expect(body?.messages.slice(1)).toEqual(history);
    const system = body?.messages[0];
    expect(system?.role).toBe("system");
    expect(system?.content).toContain("You are Kofi from Accra, Ghana (Africa)");
    expect(system?.content).toContain("You are an AI companion, not a human");
    expect(system?.content).toContain("Never claim to be human");
    expect(system?.content).toContain("findahelpline.com");
    expect(system?.content).toContain("no sexual or explicit content");
  });

  it(`sends at most the last ${AI_HISTORY_TURNS} turns, and an opener when the persona speaks first`, async () => {
    await make();
    const history: AiTurn[] = Array.from({ length: 30 }, (_, index) => ({
      role: index % 2 === 0 ? "user" : "assistant",
      content: `turn ${index}`,
    }));
    await companion.reply(PERSONAS[0] as AiPersona, [...history, { role: "user", content: "last" }]);
    const sent = fake.chatRequests()[0]?.messages ?? [];
    expect(sent).toHaveLength(AI_HISTORY_TURNS + 1);
    expect(sent.at(-1)).toEqual({ role: "user", content: "last" });
    await companion.reply(PERSONAS[0] as AiPersona, []);
    expect(fake.chatRequests()[1]?.messages.map((message) => message.role)).toEqual(["system", "user"]);
  });

  it("answers a self-harm mention with crisis resources without calling the model, even when it is failing", async () => {
    await make();
    fake.chat = "fail";
    const reply = await companion.reply(PERSONAS[0] as AiPersona, [
      { role: "user", content: "honestly I want to kill myself" },
    ]);
    expect(reply).toBe(CRISIS_REPLY);
    expect(reply).toContain("findahelpline.com");
    expect(reply).toContain("988");
    expect(fake.chatRequests()).toHaveLength(0);
    expect(companion.state().errorCount).toBe(0);
  });

  it("never lets the persona claim to be human", async () => {
    await make();
    fake.replyText = () => "Lena: haha no, I'm a real person, I promise!";
    await expect(
      companion.reply(PERSONAS[0] as AiPersona, [{ role: "user", content: "are you a bot?" }]),
    ).resolves.toBe(DISCLOSURE_REPLY);
  });

  it(`is disabled after ${AI_MAX_ERRORS} errors, with persona, region and active personas cleared`, async () => {
    await make({ healthCheckIntervalMs: 30 });
    companion.pickPersona("female");
    fake.chat = "fail";
    const persona = PERSONAS[0] as AiPersona;
    for (let attempt = 1; attempt < AI_MAX_ERRORS; attempt += 1) {
      await expect(companion.reply(persona, [{ role: "user", content: "hi" }])).rejects.toThrow(/HTTP 500/);
      expect(companion.isAvailable()).toBe(true);
    }
    fake.chat = "malformed";
    await expect(companion.reply(persona, [{ role: "user", content: "hi" }])).rejects.toThrow(/not JSON/);
    expect(companion.state()).toMatchObject({
      errorCount: AI_MAX_ERRORS,
      available: false,
      currentPersona: null,
      currentRegion: null,
      activePersonas: [],
    });
    expect(availability).toEqual([true, false]);
    expect(companion.pickPersona("any")).toBeNull();
    // Healthy checks keep running but do not lift the limit (spec §4 AI fallback).
    const checks = fake.requests.filter((request) => request.path === "/v1/models").length;
    await waitFor(() => fake.requests.filter((request) => request.path === "/v1/models").length > checks + 1);
    expect(companion.isAvailable()).toBe(false);
  });

  it("counts a timeout as an error, and errors only while they come in a row", async () => {
    await make({
      config: { baseUrl: fake.baseUrl, model: "fake-model", apiKey: undefined, timeoutMs: 1_000 },
    });
    const persona = PERSONAS[0] as AiPersona;
    fake.chat = "hang";
    for (let attempt = 0; attempt < AI_MAX_ERRORS - 1; attempt += 1) {
      await expect(companion.reply(persona, [{ role: "user", content: "hi" }])).rejects.toThrow(
        /no answer within/,
      );
    }
    expect(companion.state().errorCount).toBe(AI_MAX_ERRORS - 1);
    fake.chat = "ok";
    await companion.reply(persona, [{ role: "user", content: "hi" }]);
    expect(companion.state().errorCount).toBe(0);
    expect(companion.isAvailable()).toBe(true);
  });

  it("is disabled by a failed health check and enabled again by a good one", async () => {
    await make({ healthCheckIntervalMs: 40 });
    fake.models = "fail";
    await waitFor(() => !companion.isAvailable());
    expect(companion.state()).toMatchObject({ healthy: false, available: false });
    expect(companion.pickPersona("any")).toBeNull();
    fake.models = "ok";
    await waitFor(() => companion.isAvailable());
    expect(availability).toEqual([true, false, true]);
  });

  it("stops checking and cancels what is in flight on stop(), without counting it as an error", async () => {
    await make({ healthCheckIntervalMs: 30 });
    fake.chat = "hang";
    const pending = companion.reply(PERSONAS[0] as AiPersona, [{ role: "user", content: "hi" }]);
    await waitFor(() => fake.chatRequests().length === 1);
    await companion.stop();
    await expect(pending).rejects.toThrow("the request was cancelled");
    expect(companion.state()).toMatchObject({ errorCount: 0, available: false });
    // A check aborted by stop() may still reach the server a moment later; count after that.
    await delay(60);
    const requests = fake.requests.length;
    await delay(150);
    expect(fake.requests.length).toBe(requests);
  });

  it("is never available when the endpoint is down from the start", async () => {
    await fake.close();
    companion = createAiCompanion({
      config: { baseUrl: fake.baseUrl, model: "fake-model", apiKey: undefined, timeoutMs: 300 },
      personas: PERSONAS,
    });
    companion.start();
    await expect(companion.checkHealth()).resolves.toBe(false);
    expect(companion.isAvailable()).toBe(false);
    fake = await startFakeOpenAiServer();
  });
});
