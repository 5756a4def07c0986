import { AUTH_ERROR_MESSAGES, SERVER_MESSAGES, type SignUpInput, type SignUpResult } from "@heartline/shared";
import { eq } from "drizzle-orm";
import { user } from "../../db/schema";
import { AppError } from "../../errors/app-error";
import { toAccountUser, type UserRow } from "./account-user";
import type { AccountsDeps } from "./accounts-deps";
import { isBetterAuthError, toAppError } from "./auth-api-error";
import { assertUncommonPassword } from "./common-passwords";
import { findEmailHolder, takeUnprovenAddress } from "./email-claim";
import { holdGuestNames, restoreGuestNames } from "./guest-name-hold";
import type { CurrentSession } from "./session-guards";
import { upgradeGuest } from "./upgrade-guest";
import { assertUsernameFree, isUsernameTaken } from "./username-taken";

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
 * spec §4 Sign-up (b): create the user, mail the link, sign in. A guest holding the name is removed only
 * once every session of it has ended (ARCHITECTURE §9.7), and only once the account exists
 * (`guest-name-hold.ts`): a refused sign-up leaves the guest as it was.
 */
async function createAccount(
  deps: AccountsDeps,
  input: SignUpInput,
  headers: Headers,
): Promise<SignUpOutcome> {
  const email = input.email.trim().toLowerCase();
  const emailInUse = () => new AppError("conflict", AUTH_ERROR_MESSAGES["email-already-in-use"]);
  // spec §8 email-already-in-use stays visible for a proven address (ADR 0007); an unproven hold is
  // taken back by the address's owner (ADR 0017).
  const holder = await findEmailHolder(deps, email);
  if (holder?.emailVerified) throw emailInUse();
  deps.screenUsername(input.username);
  await assertUsernameFree({
    db: deps.db,
    username: input.username,
    ignoreEndedGuests: true,
    now: deps.clock(),
  });
  assertUncommonPassword(input.password);
  if (holder && !(await takeUnprovenAddress(deps, holder, email))) throw emailInUse();
  const held = await holdGuestNames(deps.db, input.username);
  // Whoever was signed in (a verified user making a second account) is not carried over.
  headers.delete("cookie");
  let created: Awaited<ReturnType<typeof callSignUp>>;
  let row: UserRow;
  try {
    created = await callSignUp(deps, input, email, headers);
    row = await writeProfileFields(deps, created.response.user.id, input);
  } catch (error) {
    // An ended guest whose name a sign-up at the same moment took is that sign-up's to free.
    await deleteEndedGuests(deps, await restoreGuestNames(deps.db, deps.log, held));
    throw isLostRace(error) ? await lostRaceError(deps, input, email, error) : toAppError(error);
  }
  await deleteEndedGuests(deps, held);
  return { result: { user: toAccountUser(row), mode: "new" }, headers: created.headers };
}

/**
 * Guests whose sessions had all ended and whose name is gone go the way every deletion goes (files,
 * tombstone, `user_deleted`, sockets closed).
 */
async function deleteEndedGuests(deps: AccountsDeps, guests: readonly { id: string }[]) {
  for (const guest of guests) {
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
}

/** Better Auth's insert met a unique key: another sign-up took the address or the name meanwhile. */
function isLostRace(error: unknown): boolean {
  return isBetterAuthError(error) && error.body?.code === "FAILED_TO_CREATE_USER";
}

/** Which of the two went, in spec §8's and §5's words (neither: the library's own answer). */
async function lostRaceError(deps: AccountsDeps, input: SignUpInput, email: string, error: unknown) {
  if (await findEmailHolder(deps, email))
    return new AppError("conflict", AUTH_ERROR_MESSAGES["email-already-in-use"]);
  if (await isUsernameTaken({ db: deps.db, username: input.username, now: deps.clock() }))
    return new AppError("conflict", SERVER_MESSAGES.usernameTaken);
  return toAppError(error);
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
    },
    headers,
    returnHeaders: true,
  });
}
