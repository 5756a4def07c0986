import type { AccountsDeps } from "./accounts-deps";
import { endEverySession } from "./end-sessions";
import type { CurrentSession } from "./session-guards";
import { disconnectSession } from "./session-sockets";

/**
 * spec §4 Logout: Better Auth ends the session and clears the cookie; the sockets opened with that
 * session close too (issue #3 §1). Without a session it still clears the cookie.
 */
export interface SignOutOptions {
  deps: AccountsDeps;
  session: CurrentSession | null;
  headers: Headers;
}

export async function signOut({ deps, session, headers }: SignOutOptions): Promise<Headers | null> {
  let result: Headers | null = null;
  try {
    result = (await deps.auth.api.signOut({ headers, returnHeaders: true })).headers;
  } catch (error) {
    deps.log.debug({ err: error }, "sign-out without a session");
  }
  if (session) {
    // A node that does not answer leaves its sockets to the periodic session check (`session-sockets.ts`).
    await disconnectSession(deps, session.user.id, session.sessionId).catch((error: unknown) =>
      deps.log.warn({ err: error }, "could not close the signed-out session's sockets"),
    );
  }
  return result;
}

/** /settings 'Sign out everywhere': every session of the user ends and all their sockets close. */
export interface SignOutEverywhereOptions {
  deps: AccountsDeps;
  session: CurrentSession;
  headers: Headers;
}

export async function signOutEverywhere({
  deps,
  session,
  headers,
}: SignOutEverywhereOptions): Promise<Headers | null> {
  const cleared = await signOut({ deps, session, headers });
  await endEverySession(deps, session.user.id);
  return cleared;
}
