import type { IncomingMessage } from "node:http";
import { createAdapter } from "@socket.io/redis-streams-adapter";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { Server } from "socket.io";
import { bindSocketIdentity } from "../features/accounts/socket-identity";
import { createOnlineCount } from "../features/presence/create-online-count";
import type { OnlineCount } from "../features/presence/online-count";
import { registerPresenceHandlers } from "../features/presence/presence.socket";
import type { HeartlineServer } from "../realtime/types";

declare module "fastify" {
  interface FastifyInstance {
    io: HeartlineServer;
    onlineCount: OnlineCount;
  }
}

/** ARCHITECTURE §2: a socket message is small; anything bigger is refused by the transport. */
export const MAX_SOCKET_MESSAGE_BYTES = 64 * 1024;

/**
 * Socket.IO on the same HTTP server as the API (ARCHITECTURE §1, §5). This entry only wires
 * middleware and feature registrations; each feature owns its handlers.
 */
export const socketPlugin = fp(
  async (app: FastifyInstance) => {
    const { allowedOrigins } = app.config;
    const io: HeartlineServer = new Server(app.server, {
      path: "/socket.io",
      transports: ["websocket", "polling"],
      maxHttpBufferSize: MAX_SOCKET_MESSAGE_BYTES,
      serveClient: false,
      cors: { origin: allowedOrigins, credentials: true },
      // CORS alone does not protect WebSockets: a foreign page could still open one with the
      // visitor's cookies, so a browser Origin must be one of ours.
      allowRequest: (request, callback) => callback(null, isOriginAllowed(request, allowedOrigins)),
      ...(app.redis ? { adapter: createAdapter(app.redis) } : {}),
    });

    const onlineCount = createOnlineCount({ io, redis: app.redis, log: app.log });
    const deps = { onlineCount, log: app.log };

    io.use(bindSocketIdentity);
    io.on("connection", (socket) => {
      registerPresenceHandlers(io, socket, deps);
    });
    onlineCount.start();

    app.decorate("io", io);
    app.decorate("onlineCount", onlineCount);
    // Sockets go first, so no handler runs against a closing database or Redis.
    app.addHook("preClose", async () => {
      await io.close();
    });
    app.addHook("onClose", async () => {
      await onlineCount.stop();
    });
  },
  { name: "socket", dependencies: ["redis"], decorators: { fastify: ["config", "redis"] } },
);

/** Non-browser clients send no Origin and are allowed; browsers must come from an allowed origin. */
export function isOriginAllowed(request: IncomingMessage, allowedOrigins: readonly string[]): boolean {
  const origin = request.headers.origin;
  return origin === undefined || allowedOrigins.includes(origin);
}
