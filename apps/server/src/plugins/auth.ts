import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import {
  AUTH_BASE_PATH,
  type Auth,
  type AuthEvents,
  CLIENT_IP_HEADER,
  createAuth,
} from "../auth/create-auth";
import { AppError } from "../errors/app-error";
import { createAuthRateLimitStorage } from "../lib/auth-rate-limit-storage";
import { toFetchHeaders } from "../lib/fetch-headers";
import { isAllowedAuthPath } from "./auth-allow-list";

declare module "fastify" {
  interface FastifyInstance {
    /** Better Auth: sessions, sign-in/up, verification, admin (ARCHITECTURE §2). */
    auth: Auth;
  }
}

export interface AuthPluginOptions {
  /**
   * What Better Auth's callbacks do (mail, after-verification update, pushes). The composition root
   * passes the accounts feature's; infrastructure knows no feature.
   */
  events: AuthEvents;
}

/**
 * Mounts Better Auth under `/api/auth/*` the documented Fastify way: the Fastify request becomes a
 * Fetch `Request` for `auth.handler`, whose status, headers and body are copied back.
 */
export const authPlugin = fp<AuthPluginOptions>(
  async (app: FastifyInstance, options) => {
    const auth = createAuth({
      config: app.config,
      db: app.db,
      log: app.log,
      events: options.events,
      rateLimitStorage: createAuthRateLimitStorage(app.redis),
    });
    app.decorate("auth", auth);

    app.route({
      method: ["GET", "POST"],
      url: `${AUTH_BASE_PATH}/*`,
      handler: async (request, reply) => {
        const fetchRequest = toFetchRequest(request);
        if (!isAllowedAuthPath(request.method, new URL(fetchRequest.url).pathname)) {
          throw new AppError("not_found");
        }
        const response = await auth.handler(fetchRequest);
        return sendFetchResponse(reply, response);
      },
    });
  },
  { name: "auth", dependencies: ["db", "redis"], decorators: { fastify: ["config", "db", "redis"] } },
);

function toFetchRequest(request: FastifyRequest): Request {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  const headers = toFetchHeaders(request.headers);
  headers.set(CLIENT_IP_HEADER, request.ip);
  const hasBody = request.method !== "GET" && request.method !== "HEAD" && request.body !== undefined;
  return new Request(url, {
    method: request.method,
    headers,
    ...(hasBody
      ? { body: typeof request.body === "string" ? request.body : JSON.stringify(request.body) }
      : {}),
  });
}

async function sendFetchResponse(reply: FastifyReply, response: Response): Promise<FastifyReply> {
  reply.status(response.status);
  response.headers.forEach((value, key) => {
    // Several cookies must stay several headers; joined they would be one broken cookie.
    if (key !== "set-cookie") reply.header(key, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header("set-cookie", cookies);
  return reply.send(response.body ? await response.text() : null);
}
