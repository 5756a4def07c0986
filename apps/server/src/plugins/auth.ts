import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { AppError } from "../errors/app-error";
import { createAuthEvents } from "../features/accounts/auth-events";
import { promoteConfiguredAdmins } from "../features/accounts/complete-verification";
import { AUTH_BASE_PATH, type Auth, CLIENT_IP_HEADER, createAuth } from "../features/accounts/create-auth";
import { toFetchHeaders } from "../features/accounts/fetch-headers";
import { createAuthRateLimitStorage } from "../lib/auth-rate-limit-storage";
import { isAllowedAuthPath } from "./auth-allow-list";

declare module "fastify" {
  interface FastifyInstance {
    /** Better Auth: sessions, sign-in/up, verification, admin (ARCHITECTURE §2). */
    auth: Auth;
  }
}

/**
 * Mounts Better Auth under `/api/auth/*` the documented Fastify way: the Fastify request becomes a
 * Fetch `Request` for `auth.handler`, whose status, headers and body are copied back.
 */
export const authPlugin = fp(
  async (app: FastifyInstance) => {
    const auth = createAuth({
      config: app.config,
      db: app.db,
      log: app.log,
      events: createAuthEvents(app),
      rateLimitStorage: createAuthRateLimitStorage(app.redis),
    });
    app.decorate("auth", auth);
    const promoted = await promoteConfiguredAdmins(app);
    if (promoted > 0) app.log.info({ promoted }, "ADMIN_EMAILS: verified users made admins");

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
  {
    name: "auth",
    dependencies: ["db", "mail", "redis"],
    decorators: { fastify: ["config", "db", "mailer", "redis"] },
  },
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
