import type { AckResult, JoinRandomPayload, MatchedPayload, SessionPayload } from "@heartline/shared";
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import { pairAlias } from "../../src/features/random-chat/pair-alias";
import { nextEvent } from "../helpers/socket-events";
import {
  type ConnectOptions,
  type StartTestAppOptions,
  startTestApp,
  TEST_AUTH_SECRET,
  type TestApp,
  type TestClient,
  waitForConnect,
} from "../helpers/test-app";

/** A connected random-chat client with the identity the server gave it (the `session` event). */
export interface Visitor {
  client: TestClient;
  userId: string;
  visitorToken: string;
}

export interface ConnectVisitorOptions extends ConnectOptions {
  /** Confirm 18+ (`confirm_adult`) right after connecting, as the page does once; default true. */
  confirmAdult?: boolean;
}

/**
 * Connects and waits for `session`, which the server sends right after the connection; then
 * confirms 18+ (issue 14) unless told not to, and keeps the token that records it.
 */
export async function connectVisitor(
  test: TestApp,
  { confirmAdult = true, ...options }: ConnectVisitorOptions = {},
): Promise<Visitor> {
  const client = test.client(options);
  const session = nextEvent(client, "session");
  await waitForConnect(client);
  let payload: SessionPayload = await session;
  if (confirmAdult && !payload.isAdultConfirmed) {
    const confirmed = nextEvent(client, "session");
    const ack = await client.timeout(3_000).emitWithAck("confirm_adult", { accepted: true });
    if (!ack.ok) throw new Error(`confirm_adult refused: ${ack.error.message}`);
    payload = await confirmed;
  }
  if (!payload.visitorToken) throw new Error("a visitor got no token");
  return { client, userId: payload.userId, visitorToken: payload.visitorToken };
}

export async function join(visitor: Visitor, payload: JoinRandomPayload): Promise<AckResult> {
  return visitor.client.timeout(3_000).emitWithAck("join", { allowAI: false, ...payload });
}

/** Joins and resolves with the `matched` that follows. */
export async function joinAndMatch(visitor: Visitor, payload: JoinRandomPayload): Promise<MatchedPayload> {
  const matched = nextEvent(visitor.client, "matched");
  const ack = await join(visitor, payload);
  if (!ack.ok) throw new Error(`join refused: ${ack.error.message}`);
  return matched;
}

export const MAN_SEEKING_WOMAN: JoinRandomPayload = { gender: "male", preference: "female" };
export const WOMAN_SEEKING_MAN: JoinRandomPayload = { gender: "female", preference: "male" };

/** Two fresh visitors matched with each other (by default a man and a woman looking for each other). */
export async function matchedPair(
  test: TestApp,
  choices: { a: JoinRandomPayload; b: JoinRandomPayload } = { a: MAN_SEEKING_WOMAN, b: WOMAN_SEEKING_MAN },
): Promise<{ a: Visitor; b: Visitor; roomId: string }> {
  const a = await connectVisitor(test);
  const b = await connectVisitor(test);
  const matchedA = nextEvent(a.client, "matched");
  await join(a, choices.a);
  const matchedB = await joinAndMatch(b, choices.b);
  const roomId = (await matchedA).roomId;
  if (matchedB.roomId !== roomId) throw new Error("the two sides got different rooms");
  return { a, b, roomId };
}

/** What `userId` is called in the pair of `matched` (the partner sees this, never the account id). */
export function aliasIn(matched: Pick<MatchedPayload, "roomId">, userId: string): string {
  return pairAlias({ secret: TEST_AUTH_SECRET, roomId: matched.roomId, userId });
}

let sequence = 0;
/** A fresh client-chosen message id (ARCHITECTURE §5). */
export function messageId(): string {
  sequence += 1;
  return `msg-${Date.now()}-${sequence}`;
}

export function send(visitor: Visitor, content: string, id = messageId()) {
  return visitor.client.timeout(3_000).emitWithAck("chat_message", { id, content, type: "text" });
}

/** Sends what a hostile or buggy client could send, bypassing the typed contract. */
export function emitRaw(client: TestClient, event: string, ...args: unknown[]): void {
  (client as unknown as { emit(name: string, ...rest: unknown[]): void }).emit(event, ...args);
}

/** Like `emitRaw`, resolving with the ack (or rejecting when none comes within `timeoutMs`). */
export function emitRawWithAck(
  client: TestClient,
  event: string,
  payload: unknown,
  timeoutMs = 3_000,
): Promise<unknown> {
  const target = client.timeout(timeoutMs) as unknown as {
    emitWithAck(name: string, ...rest: unknown[]): Promise<unknown>;
  };
  return target.emitWithAck(event, payload);
}

export interface RandomChatSuite {
  /** The suite's app (started in `beforeAll`). */
  readonly test: TestApp;
  /** A connected visitor, disconnected after the current test. */
  visitor(options?: ConnectVisitorOptions): Promise<Visitor>;
  /** Two matched visitors, disconnected after the current test. */
  pair(choices?: Parameters<typeof matchedPair>[1]): Promise<{ a: Visitor; b: Visitor; roomId: string }>;
  /** Disconnects these visitors after the current test too. */
  track(...visitors: Visitor[]): void;
}

/**
 * One app per test file (PGlite is slow to start) and visitors that never leak into the next test:
 * every visitor made through the suite is disconnected after each test, and the test waits until the
 * server has seen them all go.
 */
export function randomChatSuite(options?: StartTestAppOptions): RandomChatSuite {
  let app: TestApp | undefined;
  const visitors: Visitor[] = [];
  beforeAll(async () => {
    app = await startTestApp(options);
  });
  afterAll(async () => {
    await app?.close();
  });
  afterEach(async () => {
    for (const { client } of visitors.splice(0)) client.disconnect();
    await expect.poll(() => suite.test.app.io.of("/").sockets.size).toBe(0);
  });
  const suite: RandomChatSuite = {
    get test() {
      if (!app) throw new Error("the suite's app is not started yet");
      return app;
    },
    async visitor(connectOptions) {
      const made = await connectVisitor(suite.test, connectOptions);
      visitors.push(made);
      return made;
    },
    async pair(choices) {
      const made = await matchedPair(suite.test, choices);
      visitors.push(made.a, made.b);
      return made;
    },
    track(...tracked) {
      visitors.push(...tracked);
    },
  };
  return suite;
}
