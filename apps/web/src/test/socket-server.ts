import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { ClientToServerEvents, ServerToClientEvents } from "@heartline/shared";
import { Server } from "socket.io";
import { type AppSocket, createAppSocket } from "../lib/socket";

export interface ReceivedEvent {
  event: string;
  args: unknown[];
}

export interface TestSocketServer {
  url: string;
  io: Server<ClientToServerEvents, ServerToClientEvents>;
  /** Every event any client sent, in order. */
  received: ReceivedEvent[];
  /** A real client socket for this server (not yet connected). */
  createClient: () => Promise<AppSocket>;
  /** Drops every connection at the transport level and stops listening, like a crashed server. */
  goOffline: () => void;
  close: () => Promise<void>;
}

/**
 * A real Socket.IO server on a free port that records what clients send and answers `ping` like the
 * product server does, so the web app's socket code is exercised end to end.
 */
export async function startTestSocketServer(): Promise<TestSocketServer> {
  const httpServer = createServer();
  const io = new Server<ClientToServerEvents, ServerToClientEvents>(httpServer, {
    cors: { origin: true, credentials: true },
  });
  const received: ReceivedEvent[] = [];
  const clients: AppSocket[] = [];

  io.on("connection", (socket) => {
    socket.onAny((event: string, ...args: unknown[]) => {
      received.push({ event, args: args.filter((arg) => typeof arg !== "function") });
    });
    socket.on("ping", (ack) => ack?.({ ok: true, data: { time: Date.now() } }));
  });

  await new Promise<void>((resolve) => httpServer.listen(0, "127.0.0.1", resolve));
  const { port } = httpServer.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  return {
    url,
    io,
    received,
    createClient: async () => {
      const client = await createAppSocket({ url });
      clients.push(client);
      return client;
    },
    goOffline: () => {
      httpServer.close();
      for (const socket of io.sockets.sockets.values()) socket.conn.close();
    },
    close: async () => {
      for (const client of clients) client.disconnect();
      await new Promise<void>((resolve) => io.close(() => resolve()));
    },
  };
}

/** The names of the events received so far. */
export function eventNames(server: TestSocketServer): string[] {
  return server.received.map((entry) => entry.event);
}
