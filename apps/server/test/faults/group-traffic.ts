import { randomBytes, randomUUID } from "node:crypto";
import type {
  AckResult,
  ErrorBody,
  GroupHistoryPage,
  GroupJoinData,
  GroupMessage,
  GroupMessageAck,
  SendGroupMessagePayload,
} from "@heartline/shared";
import { io as connectClient } from "socket.io-client";
import { DEVICE_COOKIE } from "../../src/plugins/device-id";
import { withPg } from "../helpers/scratch-services";
import type { TestClient } from "../helpers/test-app";

/**
 * Group-chat traffic for the fault tests: registered, verified people who send continuously over real
 * sockets like the web client does (a client-chosen uuid per message; an unacked message is sent again
 * with the same id, after a reconnect when the connection went), and the bookkeeping that proves
 * "an ack means committed": every acked message is stored once and reaches every member.
 */

export const ORIGIN = "http://localhost:3000";
const PASSWORD = "secret-pass-123";

export interface Member {
  id: string;
  username: string;
  cookie: string;
}

/** Registers `username` through the product's routes on `nodeUrl`, verifies it in SQL, signs in. */
export async function registerMember(
  nodeUrl: string,
  databaseUrl: string,
  username: string,
): Promise<Member> {
  const email = `${username.toLowerCase()}@example.com`;
  const post = (path: string, body: object) =>
    fetch(`${nodeUrl}${path}`, {
      method: "POST",
      headers: { origin: ORIGIN, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  const signUp = await post("/api/accounts/sign-up", {
    email,
    password: PASSWORD,
    username,
    dob: "1990-04-12",
    gender: "other",
  });
  if (signUp.status !== 200)
    throw new Error(`sign-up of ${username}: ${signUp.status} ${await signUp.text()}`);
  const id = await withPg(databaseUrl, async (client) => {
    const result = await client.query<{ id: string }>(
      `update "user" set email_verified = true where email = $1 returning id`,
      [email],
    );
    return result.rows[0]?.id ?? "";
  });
  const signIn = await post("/api/accounts/sign-in", { email, password: PASSWORD });
  const session = signIn.headers.getSetCookie().find((c) => c.startsWith("better-auth.session_token="));
  if (signIn.status !== 200 || !session) throw new Error(`sign-in of ${username}: ${signIn.status}`);
  const cookie = `${session.split(";")[0]}; ${DEVICE_COOKIE}=${randomBytes(16).toString("hex")}`;
  return { id, username, cookie };
}

/** One attempt to send a message, as the client saw it. */
export interface SendAttempt {
  id: string;
  /** ms since the traffic started. */
  startedAt: number;
  /** How long the answer took (or until the client gave up). */
  elapsedMs: number;
  outcome: "acked" | "refused" | "no-answer";
  error?: ErrorBody;
  /** The client-side failure when there was no answer (a timeout, a disconnect). */
  failure?: string;
  /** The send's node. */
  nodeUrl: string;
}

export interface ChatterOptions {
  /** The node to (re)connect to: the load balancer's choice. */
  pickNode(): string;
  /** How long a send waits for its ack before the client counts it as failed. */
  ackTimeoutMs: number;
  /** Pause between sends (the rate limit is 10 per 10 s per sender). */
  intervalMs: number;
  /** The traffic's time zero. */
  epoch: number;
  /** How long a join waits for its ack (10 s unless told). */
  joinTimeoutMs?: number;
}

/**
 * One member's client. `run()` sends until `stop()`; a message stays pending (and is sent again with
 * the same id) until it is acked. Every `group_message` event, every join ack's history and every
 * ack is recorded.
 */
export class Chatter {
  readonly acked = new Map<string, GroupMessageAck>();
  readonly attempts: SendAttempt[] = [];
  /** Live `group_message` ids, in arrival order, over every socket this member had. */
  readonly liveIds: string[] = [];
  /** Ids seen in the history of a join ack. */
  readonly joinHistoryIds = new Set<string>();
  readonly joins: { nodeUrl: string; at: number }[] = [];
  /** Messages acked from the stored row on a retry (their first ack was lost). */
  retriesAckedFromStore = 0;
  /** Called right after a send is emitted (a test's hook to crash something while a send is in flight). */
  onEmit: (() => void) | undefined;
  private socket: TestClient | null = null;
  private pending: SendGroupMessagePayload | null = null;
  private sent = 0;
  private isStopped = false;
  private running: Promise<void> | null = null;
  private readonly sockets: TestClient[] = [];

  constructor(
    readonly member: Member,
    private readonly options: ChatterOptions,
  ) {}

  get connectedNode(): string | null {
    return this.socket?.connected ? ((this.socket.io as unknown as { uri: string }).uri ?? null) : null;
  }

  /** Connects to `pickNode()` and joins the group; tries again until it works or `deadlineMs` passes. */
  async ensureJoined(deadlineMs = 30_000): Promise<TestClient> {
    if (this.socket?.connected) return this.socket;
    const giveUpAt = Date.now() + deadlineMs;
    let lastError: unknown;
    while (Date.now() < giveUpAt) {
      const nodeUrl = this.options.pickNode();
      try {
        const socket = await this.connectAndJoin(nodeUrl);
        this.socket = socket;
        return socket;
      } catch (error) {
        lastError = error;
        await delay(250);
      }
    }
    throw new Error(`${this.member.username} could not join: ${String(lastError)}`);
  }

  private async connectAndJoin(nodeUrl: string): Promise<TestClient> {
    const socket: TestClient = connectClient(nodeUrl, {
      transports: ["websocket"],
      reconnection: false,
      forceNew: true,
      timeout: 5_000,
      extraHeaders: { cookie: this.member.cookie },
    });
    this.sockets.push(socket);
    socket.on("group_message", (message: GroupMessage) => {
      this.liveIds.push(message.id);
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once("connect", () => resolve());
        socket.once("connect_error", reject);
      });
      const joined = (await socket
        .timeout(this.options.joinTimeoutMs ?? 10_000)
        .emitWithAck("join_group", {})) as AckResult<GroupJoinData>;
      if (!joined.ok) throw new Error(`join refused: ${joined.error.code} ${joined.error.message}`);
      for (const message of joined.data.messages) this.joinHistoryIds.add(message.id);
      this.joins.push({ nodeUrl, at: Date.now() - this.options.epoch });
      return socket;
    } catch (error) {
      socket.disconnect();
      throw error;
    }
  }

  /** One send of the pending message (a new one when none is pending). */
  async sendOnce(): Promise<SendAttempt> {
    if (!this.pending) {
      this.sent += 1;
      this.pending = {
        id: randomUUID(),
        content: `${this.member.username} message ${this.sent}`,
        type: "text",
      };
    }
    const payload = this.pending;
    const isRetry = this.attempts.some((attempt) => attempt.id === payload.id);
    const socket = await this.ensureJoined();
    const nodeUrl = (socket.io as unknown as { uri: string }).uri;
    const startedAt = Date.now();
    const attempt: SendAttempt = {
      id: payload.id,
      startedAt: startedAt - this.options.epoch,
      elapsedMs: 0,
      outcome: "no-answer",
      nodeUrl,
    };
    try {
      const answer = socket.timeout(this.options.ackTimeoutMs).emitWithAck("group_message", payload);
      this.onEmit?.();
      const result = (await answer) as AckResult<GroupMessageAck>;
      if (result.ok) {
        attempt.outcome = "acked";
        this.acked.set(payload.id, result.data);
        // Stored before this attempt began: an earlier attempt committed it and its ack was lost.
        if (isRetry && result.data.timestamp < startedAt) this.retriesAckedFromStore += 1;
        this.pending = null;
      } else {
        attempt.outcome = "refused";
        attempt.error = result.error;
      }
    } catch (error) {
      attempt.failure = error instanceof Error ? error.message : String(error);
    }
    attempt.elapsedMs = Date.now() - startedAt;
    this.attempts.push(attempt);
    return attempt;
  }

  /** Sends until `stop()`. */
  start(): void {
    this.running = (async () => {
      while (!this.isStopped) {
        await this.sendOnce().catch(() => undefined);
        await delay(this.options.intervalMs);
      }
    })();
  }

  /** Stops the loop, then sends a still-unacked message again (same id) until it is acked. */
  async stop(drainAttempts = 5): Promise<void> {
    this.isStopped = true;
    await this.running;
    for (let i = 0; i < drainAttempts && this.pending; i++) {
      const attempt = await this.sendOnce().catch(() => undefined);
      if (attempt?.error?.code === "rate_limited") await delay(2_000);
    }
  }

  get hasPending(): boolean {
    return this.pending !== null;
  }

  disconnect(): void {
    for (const socket of this.sockets) socket.disconnect();
  }
}

/** Every page of `GET /api/group/messages` as `member` sees it, oldest first, following `before`. */
export async function readWholeHistory(nodeUrl: string, member: Member): Promise<GroupMessage[]> {
  const pages: GroupMessage[][] = [];
  let before: number | undefined;
  for (let page = 0; page < 100; page++) {
    const query = new URLSearchParams({ limit: "50", ...(before ? { before: String(before) } : {}) });
    const response = await fetch(`${nodeUrl}/api/group/messages?${query}`, {
      headers: { origin: ORIGIN, cookie: member.cookie },
    });
    if (response.status !== 200) throw new Error(`history: ${response.status} ${await response.text()}`);
    const body = (await response.json()) as GroupHistoryPage;
    pages.unshift(body.messages);
    if (!body.hasMore || body.messages.length === 0) return pages.flat();
    before = body.messages[0]?.seq;
  }
  throw new Error("history has more than 100 pages");
}

export interface DeliveryReport {
  acked: number;
  stored: number;
  /** Acked messages missing from the database. */
  lostInDatabase: string[];
  /** Rows sharing a content (a message stored twice under two ids). */
  duplicatedInDatabase: number;
  perMember: {
    username: string;
    /** Acked messages this member got live (a socket event) or as the sender. */
    live: number;
    /** Acked messages this member has after catching up (join ack history and history pages). */
    delivered: number;
    lost: string[];
    /** Ids that came twice in this member's history, or twice live. */
    duplicated: string[];
  }[];
}

/** Compares what was acked with the database and with what every member received. */
export async function deliveryReport(
  chatters: Chatter[],
  databaseUrl: string,
  nodeUrl: string,
): Promise<DeliveryReport> {
  const acked = new Map<string, GroupMessageAck>();
  for (const chatter of chatters) for (const [id, data] of chatter.acked) acked.set(id, data);
  const rows = await withPg(databaseUrl, async (client) => {
    const result = await client.query<{ id: string; content: string; seq: string }>(
      "select id, content, seq from group_messages",
    );
    return result.rows;
  });
  const storedIds = new Set(rows.map((row) => row.id));
  const contents = new Set(rows.map((row) => row.content));
  const perMember: DeliveryReport["perMember"] = [];
  for (const chatter of chatters) {
    const history = await readWholeHistory(nodeUrl, chatter.member);
    const historyIds = history.map((message) => message.id);
    const live = new Set([...chatter.liveIds, ...chatter.acked.keys()]);
    const delivered = new Set([...live, ...chatter.joinHistoryIds, ...historyIds]);
    const ackedIds = [...acked.keys()];
    perMember.push({
      username: chatter.member.username,
      live: ackedIds.filter((id) => live.has(id)).length,
      delivered: ackedIds.filter((id) => delivered.has(id)).length,
      lost: ackedIds.filter((id) => !delivered.has(id)),
      duplicated: [...repeated(historyIds), ...repeated(chatter.liveIds)],
    });
  }
  return {
    acked: acked.size,
    stored: rows.length,
    lostInDatabase: [...acked.keys()].filter((id) => !storedIds.has(id)),
    duplicatedInDatabase: rows.length - contents.size,
    perMember,
  };
}

function repeated(ids: string[]): string[] {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const id of ids) {
    if (seen.has(id)) twice.add(id);
    seen.add(id);
  }
  return [...twice];
}

/** A one-line summary of a report and of the send attempts, for the test log. */
export function describeRun(label: string, report: DeliveryReport, chatters: Chatter[]): string {
  const attempts = chatters.flatMap((chatter) => chatter.attempts);
  const count = (outcome: SendAttempt["outcome"]) => attempts.filter((a) => a.outcome === outcome).length;
  const codes = new Map<string, number>();
  for (const attempt of attempts) {
    const key = attempt.error ? attempt.error.code : attempt.failure ? `no-answer(${attempt.failure})` : "";
    if (key) codes.set(key, (codes.get(key) ?? 0) + 1);
  }
  const delivered = report.perMember.map((m) => m.delivered);
  const live = report.perMember.map((m) => m.live);
  const retried = chatters.reduce((sum, chatter) => sum + chatter.retriesAckedFromStore, 0);
  return [
    `[${label}] acked=${report.acked} stored=${report.stored} lostInDb=${report.lostInDatabase.length}`,
    `dupInDb=${report.duplicatedInDatabase}`,
    `delivered/member min=${Math.min(...delivered)} max=${Math.max(...delivered)}`,
    `live/member min=${Math.min(...live)} max=${Math.max(...live)}`,
    `lost=${report.perMember.reduce((s, m) => s + m.lost.length, 0)}`,
    `duplicated=${report.perMember.reduce((s, m) => s + m.duplicated.length, 0)}`,
    `attempts=${attempts.length} acked=${count("acked")} refused=${count("refused")} noAnswer=${count("no-answer")}`,
    `retriesAcked=${retried}`,
    `errors=${JSON.stringify(Object.fromEntries(codes))}`,
  ].join(" ");
}

/** How many attempts ended how (outcome and error code or client failure), and the slowest answer. */
export function summarise(attempts: SendAttempt[]): {
  outcomes: Record<string, number>;
  maxMs: number;
  messages: string[];
} {
  const outcomes: Record<string, number> = {};
  for (const attempt of attempts) {
    const key = [attempt.outcome, attempt.error?.code ?? attempt.failure].filter(Boolean).join(":");
    outcomes[key] = (outcomes[key] ?? 0) + 1;
  }
  const messages = [
    ...new Set(attempts.flatMap((attempt) => (attempt.error ? [attempt.error.message] : []))),
  ];
  return { outcomes, maxMs: Math.max(0, ...attempts.map((attempt) => attempt.elapsedMs)), messages };
}

export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Polls `check` until it returns true or `timeoutMs` passes. */
export async function waitUntil(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string) {
  const giveUpAt = Date.now() + timeoutMs;
  while (Date.now() < giveUpAt) {
    if (await check()) return;
    await delay(100);
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
}
