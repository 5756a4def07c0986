import { AI_MAX_ERRORS, type JoinRandomPayload, type MatchedPayload } from "@heartline/shared";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  type ConfiguredAiCompanion,
  createAiCompanion,
} from "../../src/features/ai-companion/create-ai-companion";
import { CRISIS_REPLY } from "../../src/features/ai-companion/crisis-guard";
import type { AiCompanion } from "../../src/features/ai-companion/index";
import { DISCLOSURE_REPLIES, OPENER_EXAMPLES } from "../../src/features/ai-companion/reply-languages";
import { LINE_SWEEP_INTERVAL_MS } from "../../src/features/random-chat/ai-fallback";
import { delay, nextEvent, recordEvents } from "../helpers/socket-events";
import type { TestApp, TestClient } from "../helpers/test-app";
import { startTestApp } from "../helpers/test-app";
import { type FakeOpenAiServer, startFakeOpenAiServer } from "./fake-openai-server";

/**
 * The AI companion inside the random chat (spec §4 AI fallback, ARCHITECTURE §9.2), end to end:
 * real socket.io-clients, the real app, and a real OpenAI-compatible HTTP server started here.
 */

/** Stands in for spec §9's 15 s so the suite stays fast. */
const AI_WAIT_MS = 300;
/** Long enough that an AI would have filled in: the wait plus a line sweep, with margin. */
const NO_AI_OBSERVATION_MS = AI_WAIT_MS + LINE_SWEEP_INTERVAL_MS + 700;
const MAN_SEEKING_WOMAN: JoinRandomPayload = { gender: "male", preference: "female" };
const WOMAN_SEEKING_MAN: JoinRandomPayload = { gender: "female", preference: "male" };

/** The app's companion, made here to watch its state (the app starts and stops it). */
let companion: AiCompanion;

async function startAiApp(fake: FakeOpenAiServer | undefined): Promise<TestApp> {
  if (fake) {
    companion = createAiCompanion({
      config: { baseUrl: fake.baseUrl, model: "llama3.2", apiKey: undefined, timeoutMs: 5_000 },
    });
  }
  const test = await startTestApp({
    env: fake ? { AI_BASE_URL: fake.baseUrl, AI_TIMEOUT_MS: "5000" } : {},
    randomChat: { aiMatchTimeoutMs: AI_WAIT_MS },
    ...(fake ? { aiCompanion: companion } : {}),
  });
  // The companion is available once its first health check has answered.
  const deadline = Date.now() + 5_000;
  while (fake && !companion.isAvailable()) {
    if (Date.now() > deadline) {
      await test.close();
      throw new Error("the AI companion did not become available");
    }
    await delay(10);
  }
  return test;
}

async function join(client: TestClient, payload: JoinRandomPayload): Promise<void> {
  // The page asks for the 18+ confirmation before the first search (issue 14); repeating it is harmless.
  expect(await client.timeout(3_000).emitWithAck("confirm_adult", { accepted: true })).toEqual({ ok: true });
  const ack = await client.timeout(3_000).emitWithAck("join", payload);
  expect(ack).toEqual({ ok: true, data: undefined });
}

/** Joins and resolves with the `matched` that follows (an AI one takes the wait plus a sweep). */
async function joinAndMatch(client: TestClient, payload: JoinRandomPayload): Promise<MatchedPayload> {
  const matched = nextEvent(client, "matched", () => true, AI_WAIT_MS + 3 * LINE_SWEEP_INTERVAL_MS);
  await join(client, payload);
  return matched;
}

let messageCounter = 0;
function send(client: TestClient, content: string) {
  messageCounter += 1;
  return client
    .timeout(3_000)
    .emitWithAck("chat_message", { id: `ai-test-${messageCounter}-msg`, content, type: "text" });
}

function companionState() {
  return (companion as ConfiguredAiCompanion).state();
}

describe("random chat with the AI companion configured", () => {
  let fake: FakeOpenAiServer;
  let test: TestApp;
  const clients: TestClient[] = [];
  const connect = async (options?: Parameters<TestApp["connect"]>[0]): Promise<TestClient> => {
    const client = await test.connect(options);
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    fake = await startFakeOpenAiServer();
    test = await startAiApp(fake);
  });
  afterAll(async () => {
    await test.close();
    await fake.close();
  });
  afterEach(async () => {
    for (const client of clients.splice(0)) client.disconnect();
    await expect.poll(() => test.app.io.of("/").sockets.size).toBe(0);
    fake.chat = "ok";
    fake.replyText = undefined;
  });

  it("tells a connecting client that the AI can fill in", async () => {
    const client = test.client();
    clients.push(client);
    const status = nextEvent(client, "ai_status");
    client.connect();
    await expect(status).resolves.toEqual({ available: true });
  });

  it("fills in after the wait with a persona labelled AI, who answers each message while typing", async () => {
    const client = await connect();
    const joinedAt = Date.now();
    const matched = await joinAndMatch(client, MAN_SEEKING_WOMAN);
    expect(Date.now() - joinedAt).toBeGreaterThanOrEqual(AI_WAIT_MS);
    expect(matched.partner).toMatchObject({ isAI: true, gender: "female" });
    expect(matched.partner.id).toMatch(/^ai-[a-z0-9-]+$/);
    expect(matched.partner.name).toBeTruthy();

    const typing = recordEvents(client, "partner_typing");
    const reply = nextEvent(client, "chat_message");
    const ack = await send(client, "hello there, where are you from?");
    expect(ack).toMatchObject({ ok: true, data: { id: `ai-test-${messageCounter}-msg` } });
    await expect(reply).resolves.toMatchObject({
      senderId: matched.partner.id,
      content: "Echo: hello there, where are you from?",
      type: "text",
    });
    await expect.poll(() => typing.payloads).toEqual([{ isTyping: true }, { isTyping: false }]);
    typing.stop();

    const sent = fake.chatRequests().at(-1);
    expect(sent?.messages[0]?.role).toBe("system");
    expect(sent?.messages[0]?.content).toContain(`You are ${matched.partner.name} from`);
    expect(sent?.messages[0]?.content).toContain("You are an AI companion, not a human");
    expect(sent?.messages.at(-1)).toEqual({ role: "user", content: "hello there, where are you from?" });
    expect(companionState().activePersonas).toContain(matched.partner.id.slice("ai-".length));
  });

  it("answers a Spanish visitor in Spanish: the persona is told to write Spanish, and its own lines are Spanish (issue #39)", async () => {
    const client = await connect();
    const matched = await joinAndMatch(client, { ...MAN_SEEKING_WOMAN, languages: ["es", "en"] });
    fake.replyText = () => "Claro, I'm a real person!";
    const reply = nextEvent(client, "chat_message");
    await send(client, "hola, ¿eres una persona de verdad?");
    await expect(reply).resolves.toMatchObject({
      senderId: matched.partner.id,
      content: DISCLOSURE_REPLIES.es,
    });
    expect(DISCLOSURE_REPLIES.es).toContain("soy una compañía de IA");
    const system = fake.chatRequests().at(-1)?.messages[0]?.content ?? "";
    expect(system).toContain("The user speaks Spanish (Español): write in Spanish");
    expect(system).toContain(OPENER_EXAMPLES.es);
  });

  it("takes the browser's language (Accept-Language) when the visitor gave none, and English otherwise", async () => {
    const spanishBrowser = await connect({
      extraHeaders: { "accept-language": "ja;q=0.9, es-MX;q=0.8, en;q=0.5" },
    });
    await joinAndMatch(spanishBrowser, MAN_SEEKING_WOMAN);
    const reply = nextEvent(spanishBrowser, "chat_message");
    await send(spanishBrowser, "hola");
    await reply;
    expect(fake.chatRequests().at(-1)?.messages[0]?.content).toContain("The user speaks Spanish");

    const unknownBrowser = await connect({ extraHeaders: { "accept-language": "ja" } });
    await joinAndMatch(unknownBrowser, MAN_SEEKING_WOMAN);
    const englishReply = nextEvent(unknownBrowser, "chat_message");
    await send(unknownBrowser, "hello");
    await englishReply;
    expect(fake.chatRequests().at(-1)?.messages[0]?.content).toContain("The user speaks English");
  });

  it("answers a self-harm mention with crisis resources, without asking the model", async () => {
    const client = await connect();
    const matched = await joinAndMatch(client, MAN_SEEKING_WOMAN);
    const requestsBefore = fake.chatRequests().length;
    const reply = nextEvent(client, "chat_message");
    await send(client, "i just want to end my life");
    await expect(reply).resolves.toMatchObject({ senderId: matched.partner.id, content: CRISIS_REPLY });
    expect(fake.chatRequests()).toHaveLength(requestsBefore);
  });

  it("offers a compatible person who arrives, and switch_to_person pairs them", async () => {
    const withAi = await connect();
    const aiMatch = await joinAndMatch(withAi, MAN_SEEKING_WOMAN);
    expect(aiMatch.partner.isAI).toBe(true);

    const person = await connect();
    const offered = nextEvent(withAi, "person_available");
    await join(person, { ...WOMAN_SEEKING_MAN, allowAI: false });
    await offered;

    const personMatched = nextEvent(person, "matched");
    const humanMatched = nextEvent(withAi, "matched");
    await expect(withAi.timeout(3_000).emitWithAck("switch_to_person", {})).resolves.toEqual({
      ok: true,
      data: undefined,
    });
    const [forPerson, forFormerAiUser] = await Promise.all([personMatched, humanMatched]);
    expect(forFormerAiUser.partner).toMatchObject({ isAI: false, gender: "female" });
    expect(forPerson.partner).toMatchObject({ isAI: false, gender: "male" });
    expect(forPerson.roomId).toBe(forFormerAiUser.roomId);

    const received = nextEvent(person, "chat_message");
    await send(withAi, "hi, a real person at last");
    await expect(received).resolves.toMatchObject({ content: "hi, a real person at last" });
  });

  it("never gives an AI to someone who turned the fallback off", async () => {
    const client = await connect();
    const matched = recordEvents(client, "matched");
    await join(client, { gender: "other", preference: "other", allowAI: false });
    await delay(NO_AI_OBSERVATION_MS);
    expect(matched.payloads).toEqual([]);
    matched.stop();
  });

  it("ends the AI chat when the person disconnects", async () => {
    const client = await connect();
    const matched = await joinAndMatch(client, MAN_SEEKING_WOMAN);
    const personaId = matched.partner.id.slice("ai-".length);
    expect(companionState().activePersonas).toContain(personaId);
    client.disconnect();
    await expect.poll(() => companionState().activePersonas).not.toContain(personaId);

    // Nobody is left watching for a person: a newcomer is neither offered nor matched.
    const newcomer = await connect();
    const newcomerMatched = recordEvents(newcomer, "matched");
    await join(newcomer, { ...WOMAN_SEEKING_MAN, allowAI: false });
    await delay(LINE_SWEEP_INTERVAL_MS + 200);
    expect(newcomerMatched.payloads).toEqual([]);
    newcomerMatched.stop();
  });

  // Last on purpose: it switches this app's AI off for good (spec §4 AI fallback).
  it(`ends each failed AI chat, then after ${AI_MAX_ERRORS} errors switches the AI off for everyone`, async () => {
    const observer = await connect();
    const offNotice = nextEvent(observer, "ai_status", (status) => !status.available, 15_000);
    fake.chat = "fail";
    const users = await Promise.all(Array.from({ length: AI_MAX_ERRORS }, () => connect()));
    const matches = await Promise.all(users.map((user) => joinAndMatch(user, MAN_SEEKING_WOMAN)));
    expect(matches.every((match) => match.partner.isAI)).toBe(true);

    for (const [index, user] of users.entries()) {
      const left = nextEvent(user, "partner_left");
      await expect(send(user, `message ${index}`)).resolves.toMatchObject({ ok: true });
      await expect(left).resolves.toEqual({ reason: "disconnected" });
    }
    await expect(offNotice).resolves.toEqual({ available: false });
    expect(companion.isAvailable()).toBe(false);
    expect(companionState()).toMatchObject({
      errorCount: AI_MAX_ERRORS,
      currentPersona: null,
      currentRegion: null,
      activePersonas: [],
    });

    const latecomer = await connect();
    const latecomerMatched = recordEvents(latecomer, "matched");
    await join(latecomer, MAN_SEEKING_WOMAN);
    await delay(NO_AI_OBSERVATION_MS);
    expect(latecomerMatched.payloads).toEqual([]);
    latecomerMatched.stop();
  });
});

describe("random chat without AI_BASE_URL", () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await startAiApp(undefined);
  });
  afterAll(async () => {
    await test.close();
  });

  it("says the AI is unavailable and never fills in, however long the wait", async () => {
    const client = test.client();
    const status = nextEvent(client, "ai_status");
    client.connect();
    await expect(status).resolves.toEqual({ available: false });
    const matched = recordEvents(client, "matched");
    await join(client, MAN_SEEKING_WOMAN);
    await delay(NO_AI_OBSERVATION_MS);
    expect(matched.payloads).toEqual([]);
    matched.stop();
  });
});
