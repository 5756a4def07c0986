import { randomUUID } from "node:crypto";
import {
  type AckResult,
  type DirectMessage,
  type DirectMessagePage,
  type SendDirectMessagePayload,
  SOCIAL_PATHS,
} from "@heartline/shared";
import { io as connectClient } from "socket.io-client";
import { withPg } from "../helpers/scratch-services";
import type { TestClient } from "../helpers/test-app";
import { delay, type Member, ORIGIN, type SendAttempt } from "./group-traffic";

/**
 * Direct-message traffic for the fault tests, the DM counterpart of group-traffic.ts: a sender sends
 * continuously over a real socket like the web client does (a client-chosen uuid per message; an
 * unacked message is sent again with the same id, after a reconnect when the connection went); a
 * receiver keeps one socket and records every `direct_message` push, then catches up through
 * `GET /api/conversations/:partnerId/messages?after=<seq>` as the web client does after a reconnect.
 */

export interface DmSenderOptions {
  /** The node to (re)connect to: the load balancer's choice. */
  pickNode(): string;
  ackTimeoutMs: number;
  /** Pause between sends (the socket fence allows 3 per second per user). */
  intervalMs: number;
  /** The traffic's time zero. */
  epoch: number;
}

export class DmSender {
  /** Acked messages by id, as the ack carried them. */
  readonly acked = new Map<string, DirectMessage>();
  readonly attempts: SendAttempt[] = [];
  readonly connects: { nodeUrl: string; at: number }[] = [];
  /** Retries answered with a row stored before the retry began (the first ack was lost). */
  retriesAckedFromStore = 0;
  /** Called right after a send is emitted (the test's hook to crash a node while a send is in flight). */
  onEmit: (() => void) | undefined;
  private socket: TestClient | null = null;
  private readonly sockets: TestClient[] = [];
  private pending: SendDirectMessagePayload | null = null;
  private sent = 0;
  private isStopped = false;
  private running: Promise<void> | null = null;

  constructor(
    readonly member: Member,
    readonly receiver: Member,
    private readonly options: DmSenderOptions,
  ) {}

  async ensureConnected(deadlineMs = 30_000): Promise<TestClient> {
    if (this.socket?.connected) return this.socket;
    const giveUpAt = Date.now() + deadlineMs;
    let lastError: unknown;
    while (Date.now() < giveUpAt) {
      const nodeUrl = this.options.pickNode();
      try {
        const socket = await connectMember(nodeUrl, this.member);
        this.sockets.push(socket);
        this.connects.push({ nodeUrl, at: Date.now() - this.options.epoch });
        this.socket = socket;
        return socket;
      } catch (error) {
        lastError = error;
        await delay(250);
      }
    }
    throw new Error(`${this.member.username} could not connect: ${String(lastError)}`);
  }

  async sendOnce(): Promise<SendAttempt> {
    if (!this.pending) {
      this.sent += 1;
      this.pending = {
        id: randomUUID(),
        receiverId: this.receiver.id,
        content: `${this.member.username} dm ${this.sent}`,
        type: "text",
      };
    }
    const payload = this.pending;
    const isRetry = this.attempts.some((attempt) => attempt.id === payload.id);
    const socket = await this.ensureConnected();
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
      const answer = socket.timeout(this.options.ackTimeoutMs).emitWithAck("direct_message", payload);
      this.onEmit?.();
      const result = (await answer) as AckResult<DirectMessage>;
      if (result.ok) {
        attempt.outcome = "acked";
        this.acked.set(payload.id, result.data);
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

  /** Sends an already-acked message again with its id (a client whose ack was lost), on the current socket. */
  async resend(message: DirectMessage): Promise<AckResult<DirectMessage>> {
    const socket = await this.ensureConnected();
    const payload: SendDirectMessagePayload = {
      id: message.id,
      receiverId: message.receiverId,
      content: message.content,
      type: "text",
    };
    return (await socket
      .timeout(this.options.ackTimeoutMs)
      .emitWithAck("direct_message", payload)) as AckResult<DirectMessage>;
  }

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

/** A receiver's one socket and every `direct_message` it was pushed. */
export class DmReceiver {
  readonly live: DirectMessage[] = [];
  socket: TestClient | null = null;

  constructor(readonly member: Member) {}

  async connect(nodeUrl: string): Promise<void> {
    this.socket = await connectMember(nodeUrl, this.member);
    this.socket.on("direct_message", (message: DirectMessage) => {
      this.live.push(message);
    });
  }

  /**
   * The web client's catch-up after a reconnect: every message of the conversation with `partnerId`
   * after the highest seq up to which it has every message live, page after page.
   */
  async catchUp(nodeUrl: string, partnerId: string): Promise<{ after: number; messages: DirectMessage[] }> {
    const seqs = new Set(this.live.filter((m) => m.senderId === partnerId).map((m) => m.seq));
    let after = 0;
    while (seqs.has(after + 1)) after += 1;
    const messages: DirectMessage[] = [];
    let cursor = after;
    for (let page = 0; page < 100; page++) {
      const query = new URLSearchParams({ after: String(cursor), limit: "50" });
      const response = await fetch(`${nodeUrl}${SOCIAL_PATHS.conversationMessages(partnerId)}?${query}`, {
        headers: { origin: ORIGIN, cookie: this.member.cookie },
      });
      if (response.status !== 200) throw new Error(`catch-up: ${response.status} ${await response.text()}`);
      const body = (await response.json()) as DirectMessagePage;
      messages.push(...body.messages);
      const last = body.messages.at(-1);
      if (!body.hasMore || !last) return { after, messages };
      cursor = last.seq;
    }
    throw new Error("catch-up has more than 100 pages");
  }

  disconnect(): void {
    this.socket?.disconnect();
  }
}

async function connectMember(nodeUrl: string, member: Member): Promise<TestClient> {
  const socket: TestClient = connectClient(nodeUrl, {
    transports: ["websocket"],
    reconnection: false,
    forceNew: true,
    timeout: 5_000,
    extraHeaders: { cookie: member.cookie },
  });
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once("connect", () => resolve());
      socket.once("connect_error", reject);
    });
    return socket;
  } catch (error) {
    socket.disconnect();
    throw error;
  }
}

/** Every stored direct message: id, sender, content, seq (PostgreSQL). */
export async function storedDirectMessages(
  databaseUrl: string,
): Promise<{ id: string; senderId: string; content: string; seq: number }[]> {
  return withPg(databaseUrl, async (client) => {
    const result = await client.query<{ id: string; sender_id: string; content: string; seq: string }>(
      "select id, sender_id, content, seq from direct_messages",
    );
    return result.rows.map((row) => ({
      id: row.id,
      senderId: row.sender_id,
      content: row.content,
      seq: Number(row.seq),
    }));
  });
}
