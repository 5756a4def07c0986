import type { HeartlineSocket } from "../../realtime/types";
import { createVisitorId } from "./visitor-id";

/**
 * Handshake middleware: identity comes from the server, never from the client (ARCHITECTURE §5,
 * §9.4). The handshake's `auth.userId`, `username` and `isAdmin` are accepted for compatibility
 * with the spec's client (spec §7) and ignored here. Until accounts exist every socket is a visitor.
 */
export function bindSocketIdentity(socket: HeartlineSocket, next: (error?: Error) => void): void {
  socket.data.userId = createVisitorId();
  socket.data.isVisitor = true;
  socket.data.route = "/";
  next();
}
