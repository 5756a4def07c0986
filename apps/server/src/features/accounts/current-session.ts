import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { user } from "../../db/schema";
import { AppError } from "../../errors/app-error";
import type { UserRow } from "./account-user";
import { toFetchHeaders } from "./fetch-headers";

export interface CurrentSession {
  user: UserRow;
  sessionId: string;
  sessionToken: string;
}

/**
 * The signed-in user from the session cookie (ARCHITECTURE §9.4: identity from the server, never the
 * body). The row is read fresh so fields Better Auth does not return (usernameLower…) are there too.
 */
export async function readCurrentSession(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<CurrentSession | null> {
  if (!request.headers.cookie) return null;
  const result = await app.auth.api.getSession({ headers: toFetchHeaders(request.headers) });
  if (!result) return null;
  const [row] = await app.db.select().from(user).where(eq(user.id, result.user.id));
  if (!row) return null;
  return { user: row, sessionId: result.session.id, sessionToken: result.session.token };
}

/** Like `readCurrentSession`, but a missing session is a 401 with the given message. */
export async function requireSession(
  app: FastifyInstance,
  request: FastifyRequest,
  message?: string,
): Promise<CurrentSession> {
  const session = await readCurrentSession(app, request);
  if (!session) throw new AppError("unauthorized", message);
  return session;
}
