import { and, eq, ne } from "drizzle-orm";
import { session } from "../../db/schema";
import type { AccountsDeps } from "./accounts-deps";
import { disconnectOtherSessions, disconnectUser } from "./session-sockets";

type EndSessionsDeps = Pick<AccountsDeps, "db" | "io" | "identities">;

/**
 * Every session of the user but `keptSessionId` ends, and their sockets close on every node (a password
 * change, a verification from the browser that signed up). A socket whose close does not reach it is
 * ended by the session watch at its next event (`session-sockets.ts`).
 */
export async function endOtherSessions(deps: EndSessionsDeps, userId: string, keptSessionId: string) {
  await deps.db.delete(session).where(and(eq(session.userId, userId), ne(session.id, keptSessionId)));
  await disconnectOtherSessions(deps, userId, keptSessionId);
}

/** Every session of the user ends and all their sockets close (sign out everywhere, a cleared password). */
export async function endEverySession(deps: EndSessionsDeps, userId: string) {
  await deps.db.delete(session).where(eq(session.userId, userId));
  await disconnectUser(deps, userId);
}
