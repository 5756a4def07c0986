import { AUTH_ERROR_MESSAGES, SERVER_MESSAGES, type SignUpInput, type SignUpResult } from "@heartline/shared";
import { eq } from "drizzle-orm";
import { VERIFIED_CALLBACK_PATH } from "../../auth/create-auth";
import { user } from "../../db/schema";
import { AppError } from "../../errors/app-error";
import { toAccountUser, type UserRow } from "./account-user";
import type { AccountsDeps } from "./accounts-deps";
import { toAppError } from "./auth-api-error";
import { assertUncommonPassword } from "./common-passwords";
import { findEmailHolder, isUnverifiedGuestClaim, releaseGuestClaim } from "./email-claim";
import { holdGuestNames, restoreGuestNames } from "./guest-name-hold";
import type { CurrentSession } from "./session-guards";
import { upgradeGuest } from "./upgrade-guest";
import { assertUsernameFree } from "./username-taken";

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

/**
 * spec §4 Sign-up (b): create the user, mail the link, sign in; a guest holding the name is removed,
 * but only once the account exists (`guest-name-hold.ts`): a refused sign-up leaves the guest as it was.
 */
async function createAccount(
  deps: AccountsDeps,
  input: SignUpInput,
  headers: Headers,
): Promise<SignUpOutcome> {
  const email = input.email.trim().toLowerCase();
  // spec §8 email-already-in-use stays visible (ADR 0007); a guest's unverified claim does not count.
  const holder = await findEmailHolder(deps, email);
  if (holder && !isUnverifiedGuestClaim(holder))
    throw new AppError("conflict", AUTH_ERROR_MESSAGES["email-already-in-use"]);
  deps.screenUsername(input.username);
  await assertUsernameFree({ db: deps.db, username: input.username, ignoreGuests: true });
  assertUncommonPassword(input.password);
  if (holder) await releaseGuestClaim(deps, holder.id, email);
  const held = await holdGuestNames(deps.db, input.username);
  // Whoever was signed in (a verified user making a second account) is not carried over.
  headers.delete("cookie");
  let created: Awaited<ReturnType<typeof callSignUp>>;
  let row: UserRow;
  try {
    created = await callSignUp(deps, input, email, headers);
    row = await writeProfileFields(deps, created.response.user.id, input);
  } catch (error) {
    await restoreGuestNames(deps.db, deps.log, held);
    throw toAppError(error);
  }
  // The account exists: a guest that held the name goes the way every deletion goes (files,
  // tombstone, `user_deleted`, sockets closed).
  for (const guest of held) {
    try {
      await deps.deleteUser(guest.id);
    } catch (error) {
      // The new account stands; the guest keeps only its set-aside name key, and is logged.
      deps.log.error(
        { err: error, userId: guest.id },
        "could not delete the guest that held a new account's name",
      );
    }
  }
  return { result: { user: toAccountUser(row), mode: "new" }, headers: created.headers };
}

/**
 * Date of birth and gender are not Better Auth input (issue #10 hole 3): written here, after the
 * shared schema checked them; a failed write leaves no account behind.
 */
async function writeProfileFields(deps: AccountsDeps, id: string, input: SignUpInput): Promise<UserRow> {
  try {
    const [row] = await deps.db
      .update(user)
      .set({ dob: input.dob, gender: input.gender })
      .where(eq(user.id, id))
      .returning();
    if (!row) throw new AppError("internal");
    return row;
  } catch (error) {
    await deps.db.delete(user).where(eq(user.id, id));
    throw error;
  }
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
