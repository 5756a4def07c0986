import { SERVER_MESSAGES } from "@heartline/shared";
import { and, eq, gt } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/create-database";
import { session } from "../../db/schema";
import { toAck } from "../../errors/error-mapping";
import { splitAckArgs } from "../../realtime/acks";
import { actsAsUser } from "../../realtime/event-limits";
import { sessionRoom, userRoom } from "../../realtime/rooms";
import type { HeartlineServer, HeartlineSocket } from "../../realtime/types";

/**
 * At connection, the one place a socket joins `user:{id}` (and `session:{id}`): these rooms let sign-out and pushes reach the user on any node. */
export function joinAccountRooms(socket: HeartlineSocket): void {
  const { isVisitor, userId, sessionId } = socket.data;
  if (isVisitor) return;
  const rooms = [userRoom(userId)];
  if (sessionId) rooms.push(sessionRoom(sessionId));
  void socket.join(rooms);
}

/** Closes the sockets opened with one session (sign-out), across nodes through the adapter. */
export function disconnectSession(io: HeartlineServer, sessionId: string): void {
  io.in(sessionRoom(sessionId)).disconnectSockets(true);
}

/** Closes every socket of a user (sign out everywhere, password reset). */
export function disconnectUser(io: HeartlineServer, userId: string): void {
  io.in(userRoom(userId)).disconnectSockets(true);
}

/** Closes a user's sockets except those of the session kept (password change ending other sessions). */
export async function disconnectOtherSessions(io: HeartlineServer, userId: string, keptSessionId: string) {
  const sockets = await io.in(userRoom(userId)).fetchSockets();
  for (const socket of sockets) {
    if (socket.data.sessionId !== keptSessionId) socket.disconnect(true);
  }
}

/** Each signed-in socket re-reads its session this often (jittered by up to a quarter). */
export const SESSION_CHECK_INTERVAL_MS = 60_000;

export interface SessionWatchOptions {
  db: Database;
  log: FastifyBaseLogger;
  /** Defaults to `SESSION_CHECK_INTERVAL_MS`; tests shorten it. */
  intervalMs?: number;
}

const SESSION_ENDED_ACK = {
  ok: false,
  error: { code: "unauthorized", message: SERVER_MESSAGES.socketSessionEnded },
} as const;

/**
 * Keeps a signed-in socket honest after its session ends elsewhere (sign-out everywhere, password
 * reset, an admin's revocation, expiry): the session row is re-read (one primary-key lookup) before
 * every event that acts as the user (`event-limits.ts` `actsAsUser`) and on a jittered timer; once it
 * is gone the event is refused `unauthorized` and the socket is disconnected.
 */
export function watchSession(socket: HeartlineSocket, options: SessionWatchOptions): void {
  const { sessionId, isVisitor } = socket.data;
  if (isVisitor || !sessionId) return;
  const isAlive = () => isSessionAlive(options.db, sessionId);
  const end = (): void => {
    socket.emit("session_ended", { message: SERVER_MESSAGES.socketSessionEnded });
    socket.disconnect(true);
  };

  socket.use((packet, next) => {
    const [event, ...args] = packet;
    if (!actsAsUser(String(event))) {
      next();
      return;
    }
    isAlive().then(
      (alive) => {
        if (alive) {
          next();
          return;
        }
        splitAckArgs(args).ack?.(SESSION_ENDED_ACK);
        end();
      },
      (error: unknown) => {
        // Unverified is refused (fail closed) but not signed out: the next event tries again.
        splitAckArgs(args).ack?.(
          toAck(error, (err) => options.log.warn({ err, event }, "session re-check failed")),
        );
      },
    );
  });

  const interval = options.intervalMs ?? SESSION_CHECK_INTERVAL_MS;
  let timer: NodeJS.Timeout | undefined;
  const schedule = (): void => {
    if (socket.disconnected) return;
    // Jitter spreads the lookups of sockets that connected together (a deploy, a reconnect storm).
    timer = setTimeout(check, interval * (0.75 + Math.random() * 0.25));
    timer.unref();
  };
  const check = (): void => {
    isAlive().then(
      (alive) => (alive ? schedule() : end()),
      (error: unknown) => {
        options.log.warn({ err: error }, "periodic session re-check failed");
        schedule();
      },
    );
  };
  const onDisconnect = (): void => {
    clearTimeout(timer);
    timer = undefined;
    socket.off("disconnect", onDisconnect);
  };
  socket.on("disconnect", onDisconnect);
  schedule();
}

async function isSessionAlive(db: Database, sessionId: string): Promise<boolean> {
  const rows = await db
    .select({ id: session.id })
    .from(session)
    .where(and(eq(session.id, sessionId), gt(session.expiresAt, new Date())))
    .limit(1);
  return rows.length > 0;
}
