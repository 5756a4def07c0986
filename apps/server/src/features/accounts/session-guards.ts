import { GROUP_ERROR_MESSAGES, SERVER_MESSAGES } from "@heartline/shared";
import { eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Auth } from "../../auth/create-auth";
import type { Database } from "../../db/create-database";
import { user } from "../../db/schema";
import { AppError } from "../../errors/app-error";
import { toFetchHeaders } from "../../lib/fetch-headers";
import { consumeOrThrow, createRateLimiter, type RateLimit } from "../../lib/rate-limiter";
import type { RedisClient } from "../../lib/redis-client";
import { withRouteRole } from "../../lib/route-roles";
import { hasAdminRole, type UserRow } from "./account-user";

export interface CurrentSession {
  user: UserRow;
  sessionId: string;
  sessionToken: string;
}

declare module "fastify" {
  interface FastifyRequest {
    /** Set by a `SessionGuards` hook: the caller's session and their user row, read fresh. */
    currentSession: CurrentSession | null;
  }
}

/** A route hook (`onRequest` or `preHandler`): throws to refuse, sets `request.currentSession`. */
export type SessionHook = (request: FastifyRequest) => Promise<void>;

/**
 * The current user of an HTTP request, in one place for every feature (ARCHITECTURE §9.4: identity
 * from the session cookie only, never the body). One hook per role; a route names the one it needs
 * (`{ preHandler: guards.requireUser() }`) and reads the caller with `sessionOf(request)`.
 */
export interface SessionGuards {
  /** The session, or null: for routes that also serve signed-out callers. */
  readSession(request: FastifyRequest): Promise<CurrentSession | null>;
  /** Signed in (guest or registered); otherwise 401 with `message` (the default text without one). */
  requireUser(options?: { message?: string }): SessionHook;
  /**
   * Signed in with the admin role, read from the database before anything else runs: use it as
   * `onRequest`, so a non-admin learns nothing, not even whether the body was well-formed. An admin's
   * requests spend the same per-user budget as the social routes (`limitRegistered`).
   */
  requireAdmin: SessionHook;
  /**
   * Spends one of the user's requests to the registered-only social routes (friends, blocks, direct
   * messages, streaks) and the admin routes: `REGISTERED_REQUEST_LIMIT` per user across nodes; over
   * it, 429 `rate_limited`.
   */
  limitRegistered(userId: string): Promise<void>;
}

/** Requests one registered user may make to the social routes per minute, all of them together. */
export const REGISTERED_REQUEST_LIMIT: RateLimit = { points: 240, durationSeconds: 60 };

export interface CreateSessionGuardsOptions {
  auth: Pick<Auth, "api">;
  db: Database;
  /** Where the per-user request limit is counted (Redis across nodes; memory without it). */
  redis: RedisClient | null;
}

export function createSessionGuards({ auth, db, redis }: CreateSessionGuardsOptions): SessionGuards {
  const registeredLimiter = createRateLimiter({
    redis,
    name: "registered-http",
    ...REGISTERED_REQUEST_LIMIT,
  });
  const limitRegistered = (userId: string) =>
    consumeOrThrow(registeredLimiter, userId, SERVER_MESSAGES.tooManyRequests);
  const readSession = async (request: FastifyRequest): Promise<CurrentSession | null> => {
    if (!request.headers.cookie) return null;
    const result = await auth.api.getSession({ headers: toFetchHeaders(request.headers) });
    if (!result) return null;
    // Read fresh: fields Better Auth does not return (usernameLower…) and the role as it is now.
    const [row] = await db.select().from(user).where(eq(user.id, result.user.id));
    if (!row || row.isDeleted) return null;
    return { user: row, sessionId: result.session.id, sessionToken: result.session.token };
  };
  return {
    readSession,
    requireUser: (options = {}) =>
      withRouteRole(async (request: FastifyRequest) => {
        const session = await readSession(request);
        if (!session) throw new AppError("unauthorized", options.message);
        request.currentSession = session;
      }, "signed-in"),
    requireAdmin: withRouteRole(async (request: FastifyRequest) => {
      const session = await readSession(request);
      if (!session || !hasAdminRole(session.user.role)) {
        throw new AppError("forbidden", GROUP_ERROR_MESSAGES.adminOnly);
      }
      await limitRegistered(session.user.id);
      request.currentSession = session;
    }, "admin"),
    limitRegistered,
  };
}

/** The caller a guard let through; calling it on a route without a guard is a programming error. */
export function sessionOf(request: FastifyRequest): CurrentSession {
  if (!request.currentSession) throw new Error("route without a session guard");
  return request.currentSession;
}
