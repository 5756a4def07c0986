import { randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { readCookie } from "../lib/read-cookie";
import type { HeartlineServer, HeartlineSocket } from "../realtime/types";

/**
 * Every browser gets a random 128-bit device id in a long-lived HttpOnly cookie (issue #5: a banned user
 * who comes back as a new guest from the same browser is still refused). It identifies a browser, not a
 * person, and is only compared with the devices stored on a ban (ARCHITECTURE §9.4).
 */
export const DEVICE_COOKIE = "heartline.device";
const DEVICE_ID_PATTERN = /^[a-f0-9]{32}$/;
const TWO_YEARS_S = 2 * 365 * 24 * 60 * 60;
/** Where the id chosen for a request without a cookie is kept until the socket middleware reads it. */
const ISSUED = Symbol("heartline.deviceId");

type RequestWithDevice = IncomingMessage & { [ISSUED]?: string };

export function createDeviceId(): string {
  return randomBytes(16).toString("hex");
}

/** The device id of a Cookie header, when well-formed (the first `heartline.device` cookie: `readCookie`). */
export function deviceIdFromCookie(cookieHeader: string | undefined): string | null {
  const value = readCookie(cookieHeader, DEVICE_COOKIE);
  return value !== null && DEVICE_ID_PATTERN.test(value) ? value : null;
}

export function deviceCookie(deviceId: string, secure: boolean): string {
  return `${DEVICE_COOKIE}=${deviceId}; Path=/; Max-Age=${TWO_YEARS_S}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** HTTP: API requests from a browser without a device cookie get one (before a guest signs in). */
export const deviceIdPlugin = fp(
  async (app: FastifyInstance) => {
    const secure = app.config.publicUrl.startsWith("https:");
    app.addHook("onRequest", async (request, reply) => {
      if (!request.url.startsWith("/api/") || deviceIdFromCookie(request.headers.cookie)) return;
      reply.header("set-cookie", deviceCookie(createDeviceId(), secure));
    });
  },
  { name: "device-id", dependencies: ["config"] },
);

/**
 * Socket.IO: the handshake response sets the cookie when missing (`initial_headers`), and the socket
 * records the id it came with or was just given.
 */
export function attachDeviceIds(io: HeartlineServer, secure: boolean): void {
  io.engine.on(
    "initial_headers",
    (headers: Record<string, string | string[]>, request: RequestWithDevice) => {
      if (deviceIdFromCookie(request.headers.cookie)) return;
      const deviceId = createDeviceId();
      request[ISSUED] = deviceId;
      const existing = headers["set-cookie"];
      const cookies = existing === undefined ? [] : Array.isArray(existing) ? existing : [existing];
      headers["set-cookie"] = [...cookies, deviceCookie(deviceId, secure)];
    },
  );
  io.use((socket: HeartlineSocket, next) => {
    const request = socket.request as RequestWithDevice;
    socket.data.deviceId = deviceIdFromCookie(request.headers.cookie) ?? request[ISSUED] ?? null;
    next();
  });
}
