import type {
  ClientToServerEvents,
  InterServerEvents,
  ServerToClientEvents,
  SocketData,
} from "@heartline/shared";
import type { Server, Socket } from "socket.io";

/** The Socket.IO server and socket, typed with the shared contract (ARCHITECTURE §5). */
export type HeartlineServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  InterServerEvents,
  SocketData
>;
export type HeartlineSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  InterServerEvents,
  SocketData
>;

/**
 * A listener shared by every socket: it is called with the socket as `this` (a client event, or the
 * reserved `disconnecting` / `disconnect`), so one function per event serves all sockets. A closure per
 * socket and event cost each idle socket about a kilobyte per feature (bench B4). It may return a
 * promise: a rejection is caught like a throw (`event-failures.ts`).
 */
export type SocketListener = (this: HeartlineSocket, ...args: unknown[]) => void;
