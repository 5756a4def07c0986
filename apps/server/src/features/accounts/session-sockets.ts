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
