import { AUTH_ERROR_MESSAGES, SERVER_MESSAGES, type SignUpInput, type SignUpResult } from "@heartline/shared";
import { and, eq, or } from "drizzle-orm";
import { VERIFIED_CALLBACK_PATH } from "../../auth/create-auth";
import { user } from "../../db/schema";
import { AppError } from "../../errors/app-error";
import { toAccountUser } from "./account-user";
import type { AccountsDeps } from "./accounts-deps";
import { toAppError } from "./auth-api-error";
import type { CurrentSession } from "./session-guards";
import { upgradeGuest } from "./upgrade-guest";
import { isUsernameTaken, usernameMatches } from "./username-taken";

/** spec §5 Account conversion: a signed-in, unverified, non-guest user must verify first. */

export interface SignUpOutcome {
  result: SignUpResult;
  /** Set-Cookie headers of the new session (a new account only). */
  headers: Headers | null;
}

/**
 * spec §4 Sign-up: a guest session upgrades in place (a); anyone else gets a new account (b).
 * The caller has checked the human pass and parsed the form with the shared schema.
 */
export interface SignUpOptions {
  deps: AccountsDeps;
  input: SignUpInput;
  session: CurrentSession | null;
  requestHeaders: Headers;
}

export async function signUp({
  deps,
  input,
  session,
  requestHeaders,
}: SignUpOptions): Promise<SignUpOutcome> {
  const current = session?.user;
  if (current && (current.isGuest || current.isAnonymous)) {
    return { result: await upgradeGuest({ deps, guest: current, input }), headers: null };
  }
  if (current && !current.emailVerified)
    throw new AppError("forbidden", SERVER_MESSAGES.verifyBeforeConverting);
  return createAccount(deps, input, requestHeaders);
}

/** spec §4 Sign-up (b): remove a guest holding the name, create the user, mail the link, sign in. */
async function createAccount(
  deps: AccountsDeps,
  input: SignUpInput,
  headers: Headers,
): Promise<SignUpOutcome> {
  const email = input.email.trim().toLowerCase();
  const [existing] = await deps.db.select({ id: user.id }).from(user).where(eq(user.email, email)).limit(1);
  if (existing) throw new AppError("conflict", AUTH_ERROR_MESSAGES["email-already-in-use"]);
  if (await isUsernameTaken({ db: deps.db, username: input.username, ignoreGuests: true })) {
    throw new AppError("conflict", SERVER_MESSAGES.usernameTaken);
  }
  const guests = await deps.db
    .select({ id: user.id })
    .from(user)
    .where(and(usernameMatches(input.username), or(eq(user.isGuest, true), eq(user.isAnonymous, true))));
  // A guest's removal is a deletion like any other: files, tombstone, `user_deleted`, sockets closed.
  for (const guest of guests) {
    await deps.deleteUser(guest.id);
  }
  // Whoever was signed in (a verified user making a second account) is not carried over.
  headers.delete("cookie");
  let created: Awaited<ReturnType<typeof callSignUp>>;
  try {
    created = await callSignUp(deps, input, email, headers);
  } catch (error) {
    throw toAppError(error);
  }
  // Date of birth and gender are not Better Auth input (issue #10 hole 3): written here, after the
  // shared schema checked them; a failed write leaves no account behind.
  const id = created.response.user.id;
  let row: typeof user.$inferSelect | undefined;
  try {
    [row] = await deps.db
      .update(user)
      .set({ dob: input.dob, gender: input.gender })
      .where(eq(user.id, id))
      .returning();
  } catch (error) {
    await deps.db.delete(user).where(eq(user.id, id));
    throw error;
  }
  if (!row) throw new AppError("internal");
  return { result: { user: toAccountUser(row), mode: "new" }, headers: created.headers };
}

function callSignUp(deps: AccountsDeps, input: SignUpInput, email: string, headers: Headers) {
  return deps.auth.api.signUpEmail({
    body: {
      email,
      password: input.password,
      name: input.username,
      username: input.username,
      displayUsername: input.username,
      callbackURL: VERIFIED_CALLBACK_PATH,
    },
    headers,
    returnHeaders: true,
  });
}
