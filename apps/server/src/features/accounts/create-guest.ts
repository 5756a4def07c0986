import {
  type AccountUser,
  type GuestInput,
  HUMAN_VERIFICATION_MESSAGES,
  SERVER_MESSAGES,
} from "@heartline/shared";
import { eq } from "drizzle-orm";
import { isUniqueViolation } from "../../db/errors";
import { user } from "../../db/schema";
import { AppError } from "../../errors/app-error";
import { toAccountUser } from "./account-user";
import type { AccountsDeps } from "./accounts-deps";
import { assertUsernameFree } from "./username-taken";

export interface CreateGuestResult {
  user: AccountUser;
  /** Better Auth's Set-Cookie headers (the new session). */
  headers: Headers;
}

/**
 * spec §4 Guest flow: an anonymous Better Auth sign-in, then the user row gets the chosen username,
 * date of birth and gender with isGuest true. The caller has checked the human pass and the form.
 */
export interface CreateGuestOptions {
  deps: AccountsDeps;
  input: GuestInput;
  requestHeaders: Headers;
}

export async function createGuest({
  deps,
  input,
  requestHeaders,
}: CreateGuestOptions): Promise<CreateGuestResult> {
  deps.screenUsername(input.username);
  await assertUsernameFree({ db: deps.db, username: input.username, now: deps.clock() });
  // A guest session already open would make Better Auth refuse; the new guest replaces it.
  requestHeaders.delete("cookie");
  const { headers, response } = await deps.auth.api.signInAnonymous({
    headers: requestHeaders,
    returnHeaders: true,
  });
  if (!response) throw new AppError("internal", HUMAN_VERIFICATION_MESSAGES.guestCreationFailed);
  try {
    const [row] = await deps.db
      .update(user)
      .set({
        name: input.username,
        username: input.username.toLowerCase(),
        displayUsername: input.username,
        usernameLower: input.username.toLowerCase(),
        dob: input.dob,
        gender: input.gender,
        isGuest: true,
        updatedAt: new Date(),
      })
      .where(eq(user.id, response.user.id))
      .returning();
    if (!row) throw new AppError("internal", HUMAN_VERIFICATION_MESSAGES.guestCreationFailed);
    return { user: toAccountUser(row), headers };
  } catch (error) {
    // Lost a race for the name (unique index): drop the half-made guest, answer as taken.
    await deps.db.delete(user).where(eq(user.id, response.user.id));
    if (isUniqueViolation(error)) throw new AppError("conflict", SERVER_MESSAGES.usernameTaken);
    throw error;
  }
}
