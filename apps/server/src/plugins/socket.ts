import type { IncomingMessage } from "node:http";
import { type AckResult, API_ERROR_MESSAGES } from "@heartline/shared";
import { createAdapter } from "@socket.io/redis-streams-adapter";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { Server } from "socket.io";
import { joinAccountRooms } from "../features/accounts/session-sockets";
import { createSocketIdentityMiddleware, emitSession } from "../features/accounts/socket-identity";
import { createGroupChat, type GroupChat } from "../features/group-chat/group-chat";
import { attachDeviceIds } from "../features/moderation/device-id";
import { createOnlineCount } from "../features/presence/create-online-count";
import type { OnlineCount } from "../features/presence/online-count";
import { registerPresenceHandlers } from "../features/presence/presence.socket";
import { createRandomChat, type RandomChatOptions } from "../features/random-chat/random-chat";
import { isOwnOrigin } from "../lib/trusted-origin";
import type { HeartlineServer, HeartlineSocket } from "../realtime/types";
import { containsNul } from "./security";

declare module "fastify" {
  interface FastifyInstance {
    io: HeartlineServer;
    onlineCount: OnlineCount;
    groupChat: GroupChat;
  }
}

/** ARCHITECTURE §2: a socket message is small; anything bigger is refused by the transport. */
export const MAX_SOCKET_MESSAGE_BYTES = 64 * 1024;

/**
 * Socket.IO on the same HTTP server as the API (ARCHITECTURE §1, §5). This entry only wires
 * middleware and feature registrations; each feature owns its handlers.
 */
export interface SocketPluginOptions {
  randomChat?: RandomChatOptions;
}

export const socketPlugin = fp<SocketPluginOptions>(
  async (app: FastifyInstance, options) => {
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
    const randomChat = createRandomChat({
      ...options.randomChat,
      io,
      redis: app.redis,
      db: app.db,
      ai: app.aiCompanion,
      log: app.log,
    });
    const groupChat = createGroupChat({
      io,
      db: app.db,
      redis: app.redis,
      log: app.log,
    });

    attachDeviceIds(io, app.config.publicUrl.startsWith("https:"));
    io.use(
      createSocketIdentityMiddleware({
        authSecret: app.config.authSecret,
        auth: app.auth,
        onSessionError: (error) => app.log.warn({ err: error }, "socket session lookup failed"),
      }),
    );
    io.on("connection", (socket) => {
      refuseNulCharacters(socket);
      joinAccountRooms(socket);
      registerPresenceHandlers(io, socket, deps);
      randomChat.handleConnection(socket);
      groupChat.handleConnection(socket);
      emitSession(socket, app.config.authSecret);
    });
    onlineCount.start();
    randomChat.start();

    app.decorate("io", io);
    app.decorate("onlineCount", onlineCount);
    app.decorate("groupChat", groupChat);
    // Sockets go first, so no handler runs against a closing database or Redis.
    app.addHook("preClose", async () => {
      await io.close();
    });
    app.addHook("onClose", async () => {
      await onlineCount.stop();
      await randomChat.stop();
      groupChat.stop();
    });
  },
  {
    name: "socket",
    dependencies: ["redis", "db", "ai", "auth"],
    decorators: { fastify: ["config", "redis", "db", "aiCompanion", "auth"] },
  },
);

/**
 * PostgreSQL text cannot hold a NUL character: an event carrying one anywhere in its arguments is
 * answered `bad_request` (when it has an ack) and never reaches a handler, as the HTTP hook does for
 * bodies (found by the socket fuzz test: `force_unban_user` with "\u0000" answered `internal`).
 */
function refuseNulCharacters(socket: HeartlineSocket): void {
  socket.use((packet, next) => {
    if (!containsNul(packet.slice(1))) return next();
    const ack = packet.at(-1);
    if (typeof ack === "function") {
      const refusal: AckResult = {
        ok: false,
        error: { code: "bad_request", message: API_ERROR_MESSAGES.bad_request },
      };
      ack(refusal);
    }
  });
}

/**
 * Non-browser clients send no Origin and are allowed; browsers must come from an allowed origin or
 * from the very host they connect to (a same-origin page, e.g. a server started on another port).
 */
export function isOriginAllowed(request: IncomingMessage, allowedOrigins: readonly string[]): boolean {
  const origin = request.headers.origin;
  return origin === undefined || isOwnOrigin(origin, request.headers.host, allowedOrigins);
}
