import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { session as sessionTable } from "../../db/schema";
import type { CurrentSession } from "./current-session";
import { disconnectSession, disconnectUser } from "./session-sockets";

/**
 * spec §4 Logout: Better Auth ends the session and clears the cookie; the sockets opened with that
 * session close too (issue #3 §1). Without a session it still clears the cookie.
 */
export async function signOut(
  app: FastifyInstance,
  session: CurrentSession | null,
  headers: Headers,
): Promise<Headers | null> {
  let result: Headers | null = null;
  try {
    result = (await app.auth.api.signOut({ headers, returnHeaders: true })).headers;
  } catch (error) {
    app.log.debug({ err: error }, "sign-out without a session");
  }
  if (session) disconnectSession(app.io, session.sessionId);
  return result;
}

/** /settings 'Sign out everywhere': every session of the user ends and all their sockets close. */
export async function signOutEverywhere(
  app: FastifyInstance,
  session: CurrentSession,
  headers: Headers,
): Promise<Headers | null> {
  const cleared = await signOut(app, session, headers);
  await app.db.delete(sessionTable).where(eq(sessionTable.userId, session.user.id));
  disconnectUser(app.io, session.user.id);
  return cleared;
}
