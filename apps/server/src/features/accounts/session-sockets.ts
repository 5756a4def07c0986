import { SERVER_MESSAGES } from "@heartline/shared";
import { and, eq, gt, inArray } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/create-database";
import { session } from "../../db/schema";
import { toAck } from "../../errors/error-mapping";
import { withTimeout } from "../../lib/with-timeout";
import { splitAckArgs } from "../../realtime/acks";
import { actsAsUser } from "../../realtime/event-limits";
import { userRoom } from "../../realtime/rooms";
import { socketListenerSet } from "../../realtime/socket-listeners";
import type { HeartlineServer, HeartlineSocket } from "../../realtime/types";
import type { IdentityCache } from "./identity-cache";

/**
 * At connection, the one place a socket joins `user:{id}`: pushes, bans and sign-out reach the user's
 * sockets there on any node. No room per session: sign-out finds the session's sockets among the user's
 * (a room per socket cost ~0.3 KB each, bench B4).
 */
export function joinAccountRooms(socket: HeartlineSocket): void {
  const { isVisitor, userId } = socket.data;
  if (isVisitor) return;
  void socket.join(userRoom(userId));
}

/**
 * What ending sessions reaches: the sockets (closed on every node through the adapter) and every node's
 * remembered handshake identities (dropped first, so no reconnection is let in by an old answer).
 */
export interface SessionEndDeps {
  io: HeartlineServer;
  identities: Pick<IdentityCache<unknown>, "forget">;
}

/** Closes the sockets opened with one session (sign-out), across nodes through the adapter. */
export async function disconnectSession(deps: SessionEndDeps, userId: string, sessionId: string) {
  await deps.identities.forget(userId);
  await disconnectSessionsWhere(deps.io, userId, (socketSessionId) => socketSessionId === sessionId);
}

/** Closes every socket of a user (sign out everywhere, password reset, deletion). */
export async function disconnectUser(deps: SessionEndDeps, userId: string): Promise<void> {
  await deps.identities.forget(userId);
  deps.io.in(userRoom(userId)).disconnectSockets(true);
}

/** Closes a user's sockets except those of the session kept (password change ending other sessions). */
export async function disconnectOtherSessions(deps: SessionEndDeps, userId: string, keptSessionId: string) {
  await deps.identities.forget(userId);
  await disconnectSessionsWhere(deps.io, userId, (socketSessionId) => socketSessionId !== keptSessionId);
}

/** How long closing a session's sockets waits for the other nodes' lists (the adapter's own wait is 5 s). */
const CLUSTER_FETCH_TIMEOUT_MS = 5_000;

async function disconnectSessionsWhere(
  io: HeartlineServer,
  userId: string,
  matches: (sessionId: string | null | undefined) => boolean,
): Promise<void> {
  const room = userRoom(userId);
  // Cut off from Redis, the adapter's answer (even `local`'s, seen in the outage test) waited for Redis
  // to come back, and the sign-out with it: this node's sockets close now, from its own room list, and
  // the others' are left to the session watch.
  const sockets = await withTimeout(io.in(room).fetchSockets(), CLUSTER_FETCH_TIMEOUT_MS, "no answer").catch(
    () => [...(io.sockets.adapter.rooms.get(room) ?? [])].flatMap((id) => io.sockets.sockets.get(id) ?? []),
  );
  for (const socket of sockets) {
    if (matches(socket.data.sessionId)) socket.disconnect(true);
  }
}

/** Each signed-in socket re-reads its session this often (jittered by up to a quarter). */
export const SESSION_CHECK_INTERVAL_MS = 60_000;

/**
 * A handshake's session read (Better Auth's `getSession`, moments before) stands in for the re-read of
 * the socket's first privileged event if that event comes this soon: a reconnection that rejoins the
 * group reads the session once, not twice (bench B4). Every later event reads it again.
 */
export const HANDSHAKE_READ_FRESH_MS = 5_000;

/** Sessions re-read in one statement by the periodic check. */
const CHECK_BATCH = 500;

export interface SessionWatchOptions {
  db: Database;
  log: FastifyBaseLogger;
  /** Defaults to `SESSION_CHECK_INTERVAL_MS`; tests shorten it. */
  intervalMs?: number;
  clock?: () => number;
}

export interface SessionWatch {
  /** Watches a freshly connected socket (nothing for a visitor). */
  watch(socket: HeartlineSocket): void;
  stop(): void;
}

const SESSION_ENDED_ACK = {
  ok: false,
  error: { code: "unauthorized", message: SERVER_MESSAGES.socketSessionEnded },
} as const;

/**
 * Keeps a signed-in socket honest after its session ends elsewhere without a push reaching it (an
 * expiry, a row deleted by hand, a sign-out racing the handshake; sign-out, password changes and
 * account deletion also close the sockets at once through `user:{id}`): the session
 * row is re-read (one primary-key lookup) before every event that acts as the user (`event-limits.ts`
 * `actsAsUser`; the first within `HANDSHAKE_READ_FRESH_MS` of the handshake counts the handshake's read)
 * and on a jittered timer; once it is gone the event is refused `unauthorized` and the socket is
 * disconnected. One timer for all sockets, whose due sessions are read in one statement.
 */
export function createSessionWatch(options: SessionWatchOptions): SessionWatch {
  const { db, log } = options;
  const clock = options.clock ?? Date.now;
  const interval = options.intervalMs ?? SESSION_CHECK_INTERVAL_MS;
  /** Watched sockets → when their periodic re-read is due; absent while one is in flight. */
  const due = new Map<HeartlineSocket, number>();
  /** Sockets whose handshake read still stands in for their first privileged event (pruned by the timer). */
  const handshakeReads = new Map<HeartlineSocket, number>();
  // Jitter spreads the lookups of sockets that connected together (a deploy, a reconnect storm).
  const nextDue = (now: number) => now + interval * (0.75 + Math.random() * 0.25);
  const end = (socket: HeartlineSocket): void => {
    socket.emit("session_ended", { message: SERVER_MESSAGES.socketSessionEnded });
    socket.disconnect(true);
  };

  const guard = (socket: HeartlineSocket, packet: unknown[], next: (error?: Error) => void): void => {
    const [event, ...args] = packet;
    if (!actsAsUser(String(event))) {
      next();
      return;
    }
    const readAt = handshakeReads.get(socket);
    if (readAt !== undefined) {
      handshakeReads.delete(socket);
      if (clock() - readAt < HANDSHAKE_READ_FRESH_MS) {
        next();
        return;
      }
    }
    isSessionAlive(db, socket.data.sessionId ?? "").then(
      (alive) => {
        if (alive) {
          next();
          return;
        }
        splitAckArgs(args).ack?.(SESSION_ENDED_ACK);
        end(socket);
      },
      (error: unknown) => {
        // Unverified is refused (fail closed) but not signed out: the next event tries again.
        splitAckArgs(args).ack?.(toAck(error, (err) => log.warn({ err, event }, "session re-check failed")));
      },
    );
  };

  const checkDue = (now: number): void => {
    for (const [socket, readAt] of handshakeReads) {
      if (now - readAt >= HANDSHAKE_READ_FRESH_MS) handshakeReads.delete(socket);
    }
    const batch: HeartlineSocket[] = [];
    for (const [socket, at] of due) {
      if (at > now) continue;
      due.delete(socket);
      batch.push(socket);
    }
    for (let start = 0; start < batch.length; start += CHECK_BATCH) {
      const sockets = batch.slice(start, start + CHECK_BATCH);
      const reschedule = (): void => {
        for (const socket of sockets) if (socket.connected) due.set(socket, nextDue(clock()));
      };
      aliveSessionIds(
        db,
        sockets.map((socket) => socket.data.sessionId ?? ""),
      ).then(
        (alive) => {
          for (const socket of sockets) if (!alive.has(socket.data.sessionId ?? "")) end(socket);
          reschedule();
        },
        (error: unknown) => {
          log.warn({ err: error }, "periodic session re-check failed");
          reschedule();
        },
      );
    }
  };
  const timer = setInterval(() => checkDue(clock()), Math.min(interval / 4, 1_000));
  timer.unref();

  function forget(this: HeartlineSocket): void {
    due.delete(this);
    handshakeReads.delete(this);
  }
  // The guard runs before any feature's listener hears an event (after the rate limits): a signed-out
  // session's events stop here. Shared by every socket, as the features' listeners are.
  const listeners = socketListenerSet({ disconnect: forget }, { guard });

  return {
    watch(socket) {
      const { sessionId, isVisitor } = socket.data;
      if (isVisitor || !sessionId) return;
      const now = clock();
      handshakeReads.set(socket, now);
      due.set(socket, nextDue(now));
      listeners.attach(socket);
    },
    stop: () => clearInterval(timer),
  };
}

async function isSessionAlive(db: Database, sessionId: string): Promise<boolean> {
  const rows = await db
    .select({ id: session.id })
    .from(session)
    .where(and(eq(session.id, sessionId), gt(session.expiresAt, new Date())))
    .limit(1);
  return rows.length > 0;
}

/** Of `sessionIds`, those whose session row still exists and has not expired. */
async function aliveSessionIds(db: Database, sessionIds: string[]): Promise<Set<string>> {
  const rows = await db
    .select({ id: session.id })
    .from(session)
    .where(and(inArray(session.id, sessionIds), gt(session.expiresAt, new Date())));
  return new Set(rows.map((row) => row.id));
}
