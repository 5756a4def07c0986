import type { IncomingMessage } from "node:http";
import { type AckResult, API_ERROR_MESSAGES } from "@heartline/shared";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { Server } from "socket.io";
import { createTrustFunction } from "../lib/client-ip";
import { isOwnOrigin } from "../lib/trusted-origin";
import { flushOncePerTurn } from "../patches/engine-io-turn-flush";
import { createLocalFirstAdapter } from "../patches/socket-io-local-first-adapter";
import { installConnectionCap } from "../realtime/connection-cap";
import { countRateLimitedAnswers } from "../realtime/count-refused-acks";
import { logEventFailuresTo, runSafely } from "../realtime/event-failures";
import { createEventLimiter } from "../realtime/event-limiter";
import type { SocketEventLimitOverrides } from "../realtime/event-limits";
import type { HeartlineServer } from "../realtime/types";
import { attachDeviceIds } from "./device-id";
import { containsNul } from "./security";

declare module "fastify" {
  interface FastifyInstance {
    io: HeartlineServer;
  }
}

/** ARCHITECTURE §2: a socket message is small; anything bigger is refused by the transport. */
export const MAX_SOCKET_MESSAGE_BYTES = 64 * 1024;

export interface SocketPluginOptions {
  /** Rows of the per-event limit table to replace (tests; `realtime/event-limits.ts` has the defaults). */
  eventLimits?: SocketEventLimitOverrides;
}

/**
 * The Socket.IO server on the same HTTP server as the API (ARCHITECTURE §1, §5): transports, origin
 * check, the Redis adapter, the device id, the per-IP connection cap and the per-event limits (both
 * before any feature sees the socket or its events). Identity middleware and every feature's handlers are
 * wired by the composition root (`features/index.ts`); this plugin knows no feature.
 */
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
      ...(app.redis ? { adapter: createLocalFirstAdapter(app.redis) } : {}),
    });
    // A socket's packets of one turn leave in one write (issue #35: a match was one write per packet).
    flushOncePerTurn(io);
    const cap = installConnectionCap({
      io,
      redis: app.redis,
      trust: createTrustFunction(app.config.trustProxy),
      maxPerIp: app.config.socketConnectionsPerIp,
      log: app.log,
    });
    attachDeviceIds(io, app.config.publicUrl.startsWith("https:"));
    const limitEvent = createEventLimiter({
      redis: app.redis,
      log: app.log,
      scale: app.config.socketEventLimitScale,
      onRefused: (name) => app.metrics.rateLimitRefused(`socket-event:${name}`),
      ...(options.eventLimits ? { overrides: options.eventLimits } : {}),
    });
    const countRefusal = (event: string) => app.metrics.rateLimitRefused(`socket:${event}`);
    // A socket's first middleware, before any feature's (they are added at connection): the event
    // limits, then the count of the handlers' own rate-limit answers, then the NUL check. One small
    // closure per socket: `socket.use` passes no socket. A throw in any step of an event is answered
    // and logged, never the end of the process (issue #33).
    logEventFailuresTo(io, app.log);
    io.use((socket, next) => {
      socket.use((packet, passOn) =>
        runSafely(socket, packet, () =>
          limitEvent(socket, packet, () => {
            countRateLimitedAnswers(packet, countRefusal);
            refuseNulCharacters(packet, passOn);
          }),
        ),
      );
      next();
    });
    app.decorate("io", io);
    // Sockets go first, so no handler runs against a closing database or Redis.
    app.addHook("preClose", async () => {
      cap.stop();
      await io.close();
    });
  },
  { name: "socket", dependencies: ["redis"], decorators: { fastify: ["config", "redis", "metrics"] } },
);

/**
 * PostgreSQL text cannot hold a NUL character: an event carrying one anywhere in its arguments is
 * answered `bad_request` (when it has an ack) and never reaches a handler, as the HTTP hook does for
 * bodies (found by the socket fuzz test: `force_unban_user` with "\u0000" answered `internal`).
 */
function refuseNulCharacters(packet: unknown[], next: () => void): void {
  if (!containsNul(packet.slice(1))) {
    next();
    return;
  }
  const ack = packet.at(-1);
  if (typeof ack === "function") {
    const refusal: AckResult = {
      ok: false,
      error: { code: "bad_request", message: API_ERROR_MESSAGES.bad_request },
    };
    ack(refusal);
  }
}

/**
 * Non-browser clients send no Origin and are allowed; browsers must come from an allowed origin or
 * from the very host they connect to (a same-origin page, e.g. a server started on another port).
 */
export function isOriginAllowed(request: IncomingMessage, allowedOrigins: readonly string[]): boolean {
  const origin = request.headers.origin;
  return origin === undefined || isOwnOrigin(origin, request.headers.host, allowedOrigins);
}
