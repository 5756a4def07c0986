import {
  AUTH_ERROR_MESSAGES,
  SERVER_MESSAGES,
  type SignUpInput,
  type SignUpResult,
  UPGRADE_VERIFY_EMAIL_MESSAGE,
} from "@heartline/shared";
import { and, eq, lt, sql } from "drizzle-orm";
import { createVisitorId } from "../../auth/visitor-id";
import type { Database } from "../../db/create-database";
import { isUniqueViolation } from "../../db/errors";
import { account, user } from "../../db/schema";
import { AppError } from "../../errors/app-error";
import { toAccountUser, type UserRow } from "./account-user";
import type { AccountsDeps } from "./accounts-deps";
import { assertUncommonPassword } from "./common-passwords";
import { findEmailHolder, takeUnprovenAddress } from "./email-claim";
import { sendVerificationLink } from "./send-verification-link";
import { assertUsernameFree } from "./username-taken";

/** spec §9 Conversion attempts maximum. */
export const MAX_CONVERSION_ATTEMPTS = 3;
const CREDENTIAL_PROVIDER = "credential";

/**
 * spec §4 Sign-up (a): the guest links an e-mail and password to the SAME user row (issue #3: linked,
 * not lost). Better Auth's anonymous plugin would make a new user and delete the guest, so the
 * credential account is written here with Better Auth's own password hasher.
 */
export interface UpgradeGuestOptions {
  deps: AccountsDeps;
  guest: UserRow;
  input: SignUpInput;
}

export async function upgradeGuest({ deps, guest, input }: UpgradeGuestOptions): Promise<SignUpResult> {
  if (guest.conversionAttempts >= MAX_CONVERSION_ATTEMPTS)
    throw new AppError("forbidden", SERVER_MESSAGES.tooManyConversions);
  const email = input.email.trim().toLowerCase();
  // Another account's unverified claim on the address does not keep its owner out (email-claim.ts).
  const found = await findEmailHolder(deps, email);
  const holder = found && found.id !== guest.id ? found : undefined;
  if (holder?.emailVerified) throw new AppError("conflict", AUTH_ERROR_MESSAGES["email-already-in-use"]);
  // spec §5: the username check is skipped when the guest keeps its own name.
  const isSameName = input.username.toLowerCase() === (guest.usernameLower ?? guest.username);
  if (!isSameName) {
    deps.screenUsername(input.username);
    await assertUsernameFree({
      db: deps.db,
      username: input.username,
      exceptUserId: guest.id,
      now: deps.clock(),
    });
  }
  assertUncommonPassword(input.password);
  if (holder && !(await takeUnprovenAddress(deps, holder, email)))
    throw new AppError("conflict", AUTH_ERROR_MESSAGES["email-already-in-use"]);
  const context = await deps.auth.$context;
  const passwordHash = await context.password.hash(input.password);
  const now = new Date();
  let updated: UserRow | undefined;
  try {
    updated = await deps.db.transaction(async (tx) => {
      const name = isSameName ? (guest.displayUsername ?? input.username) : input.username;
      // The attempt is counted first, on the row's latest version under its lock: attempts at once
      // (two tabs, two nodes) are counted one after the other, and none past the limit goes through.
      const [row] = await tx
        .update(user)
        .set({
          email,
          emailVerified: false,
          name,
          username: name.toLowerCase(),
          displayUsername: name,
          usernameLower: name.toLowerCase(),
          dob: input.dob,
          gender: input.gender,
          conversionAttempts: sql`${user.conversionAttempts} + 1`,
          conversionRequestedAt: now,
          conversionCompletedAt: null,
          updatedAt: now,
        })
        .where(and(eq(user.id, guest.id), lt(user.conversionAttempts, MAX_CONVERSION_ATTEMPTS)))
        .returning();
      if (!row) return stillThere(tx, guest.id);
      // A second attempt (a typo in the e-mail) replaces the first attempt's password.
      await tx
        .delete(account)
        .where(and(eq(account.userId, guest.id), eq(account.providerId, CREDENTIAL_PROVIDER)));
      await tx.insert(account).values({
        id: createVisitorId(),
        accountId: guest.id,
        providerId: CREDENTIAL_PROVIDER,
        userId: guest.id,
        password: passwordHash,
        createdAt: now,
        updatedAt: now,
      });
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("conflict", AUTH_ERROR_MESSAGES["email-already-in-use"]);
    throw error;
  }
  if (!updated) throw new AppError("unauthorized");
  // The guest's sockets now carry another name and an unproven address.
  await deps.identities.forget(guest.id);
  await sendVerificationLink({ deps, row: updated });
  return { user: toAccountUser(updated), mode: "upgrade", message: UPGRADE_VERIFY_EMAIL_MESSAGE };
}

/** No attempt counted: the guest is still there, so at the limit (another attempt took the last one); or gone. */
async function stillThere(tx: Database, guestId: string): Promise<undefined> {
  const [current] = await tx.select({ id: user.id }).from(user).where(eq(user.id, guestId));
  if (current) throw new AppError("forbidden", SERVER_MESSAGES.tooManyConversions);
  return undefined;
}
