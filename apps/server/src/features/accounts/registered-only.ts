import type { FastifyRequest } from "fastify";
import { AppError } from "../../errors/app-error";
import { withRouteRole } from "../../lib/route-roles";
import type { SessionGuards, SessionHook } from "./session-guards";

/**
 * A route hook for the social features (friends, blocks, direct messages, streaks): a registered user
 * with a verified e-mail, within the per-user request limit (`SessionGuards.limitRegistered`).
 * A visitor is 401 `unauthorized`, a guest or an unverified user 403 `forbidden` with `message`.
 * Use it as `onRequest`, so a refused caller learns nothing, not even whether the body was well-formed
 * (ARCHITECTURE §9.4).
 */
export function registeredOnly(guards: SessionGuards, message: string): SessionHook {
  const signedIn = guards.requireUser();
  return withRouteRole(async (request: FastifyRequest) => {
    await signedIn(request);
    const row = request.currentSession?.user;
    if (!row || row.isGuest || row.isAnonymous === true || !row.emailVerified) {
      throw new AppError("forbidden", message);
    }
    await guards.limitRegistered(row.id);
  }, "registered");
}
