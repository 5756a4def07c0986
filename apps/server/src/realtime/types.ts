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
