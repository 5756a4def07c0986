import type { HeartlineSocket } from "../../realtime/types";
import { createVisitorId } from "./visitor-id";
import { signVisitorToken, verifyVisitorToken } from "./visitor-token";

type Middleware = (socket: HeartlineSocket, next: (error?: Error) => void) => void;

/**
 * Handshake middleware: identity comes from the server, never from the client (ARCHITECTURE §5,
 * §9.4). The handshake's `auth.userId`, `username` and `isAdmin` are accepted for compatibility
 * with the spec's client (spec §7) and ignored here. Until accounts exist every socket is a visitor:
 * a valid `auth.visitorToken` restores the visitor id it was issued for, anything else gets a new id.
 */
export function createSocketIdentityMiddleware(authSecret: string): Middleware {
  return (socket, next) => {
    const auth: unknown = socket.handshake.auth;
    const token =
      typeof auth === "object" && auth !== null && "visitorToken" in auth ? auth.visitorToken : null;
    socket.data.userId = verifyVisitorToken(token, authSecret) ?? createVisitorId();
    socket.data.isVisitor = true;
    socket.data.route = "/";
    next();
  };
}

/** Tells a freshly connected socket who the server says it is, with the token to keep that id. */
export function emitSession(socket: HeartlineSocket, authSecret: string): void {
  const { userId, isVisitor } = socket.data;
  socket.emit(
    "session",
    isVisitor
      ? { userId, isVisitor, visitorToken: signVisitorToken(userId, authSecret) }
      : { userId, isVisitor },
  );
}
