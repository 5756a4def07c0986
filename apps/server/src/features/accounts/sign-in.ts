import { type AccountUser, AUTH_ERROR_MESSAGES, SIGN_IN_MESSAGES, type SignInInput } from "@heartline/shared";
import { and, eq } from "drizzle-orm";
import { account, session, user } from "../../db/schema";
import { AppError } from "../../errors/app-error";
import { toAccountUser } from "./account-user";
import type { AccountsDeps } from "./accounts-deps";
import { toAppError } from "./auth-api-error";
import { type SignInLockout, signInLockout } from "./sign-in-lockout";

export interface SignInResult {
  user: AccountUser;
  headers: Headers;
}

/**
 * spec §4 Sign-in with e-mail and password (after the human check). An unverified account signs in
 * too, so the web can show 'Verify Your Email' (ADR 0005). Failures lock the address for the client
 * that made them, and past a looser cap for everyone (`sign-in-lockout.ts`).
 */
export interface SignInOptions {
  deps: AccountsDeps;
  input: SignInInput;
  requestHeaders: Headers;
  /** The client's address as the app resolved it (TRUST_PROXY). */
  ip: string;
}

export async function signIn({ deps, input, requestHeaders, ip }: SignInOptions): Promise<SignInResult> {
  const email = input.email.trim().toLowerCase();
  const lockout = signInLockout(deps.limiters, email, ip);
  await lockout.assertOpen();
  await dropEndedSessionCookie(deps, requestHeaders);
  const passwordBefore = await credentialOf(deps, email);
  let result: Awaited<ReturnType<typeof callSignIn>>;
  try {
    result = await callSignIn(deps, input, requestHeaders);
  } catch (error) {
    throw await countedFailure(lockout, toAppError(error, SIGN_IN_MESSAGES.fallback));
  }
  await assertPasswordUnchanged(deps, email, passwordBefore, result.response.token);
  await lockout.succeeded();
  const [row] = await deps.db.select().from(user).where(eq(user.id, result.response.user.id));
  if (!row) throw new AppError("unauthorized", SIGN_IN_MESSAGES.fallback);
  return { user: toAccountUser(row), headers: result.headers };
}

/**
 * A browser whose session ended elsewhere (a password change, a verification, sign-out everywhere)
 * still sends its cookie, and Better Auth answers such a sign-in by clearing the cookie it has just
 * set (its session check runs after the sign-in): the user would be told 200 and stay signed out.
 * Only a live session goes along (a guest's, which the sign-in replaces).
 */
async function dropEndedSessionCookie(deps: AccountsDeps, headers: Headers): Promise<void> {
  if (!headers.has("cookie")) return;
  if (!(await deps.auth.api.getSession({ headers }))) headers.delete("cookie");
}

async function countedFailure(lockout: SignInLockout, mapped: unknown): Promise<unknown> {
  if (mapped instanceof AppError && mapped.code === "unauthorized") await lockout.failed();
  return mapped;
}

/**
 * A password that changed (reset, change) or went (a verification cleared it, ADR 0017) while this
 * sign-in checked it would leave a session behind the revocation that came with the change: re-read
 * after the session exists, and end the session when the password is not the one it was.
 */
async function assertPasswordUnchanged(
  deps: AccountsDeps,
  email: string,
  before: string | null,
  sessionToken: string,
): Promise<void> {
  const after = await credentialOf(deps, email);
  if (before !== null && after === before) return;
  await deps.db.delete(session).where(eq(session.token, sessionToken));
  throw new AppError("unauthorized", AUTH_ERROR_MESSAGES["invalid-credential"]);
}

async function credentialOf(deps: Pick<AccountsDeps, "db">, email: string): Promise<string | null> {
  const [row] = await deps.db
    .select({ password: account.password })
    .from(account)
    .innerJoin(user, eq(user.id, account.userId))
    .where(and(eq(user.email, email), eq(account.providerId, "credential")))
    .limit(1);
  return row?.password ?? null;
}

function callSignIn(deps: AccountsDeps, input: SignInInput, headers: Headers) {
  return deps.auth.api.signInEmail({
    body: { email: input.email.trim(), password: input.password },
    headers,
    returnHeaders: true,
  });
}
