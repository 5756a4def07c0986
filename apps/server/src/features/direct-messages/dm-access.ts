import { DM_ERROR_MESSAGES } from "@heartline/shared";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/create-database";
import { user } from "../../db/schema";
import { AppError } from "../../errors/app-error";
import type { UserRow } from "../accounts/index";

/** A registered account (not a guest) with a verified e-mail: who may use direct messages (spec §1). */
export function isRegisteredVerified(row: UserRow): boolean {
  return !row.isGuest && row.isAnonymous !== true && row.emailVerified && !row.isDeleted;
}

/** A guest (anonymous) account: it can neither send nor receive direct messages. */
export function isGuestAccount(row: UserRow): boolean {
  return row.isGuest || row.isAnonymous === true;
}

/** The sender's row, read fresh (an upgrade or a deletion since the handshake counts), or `forbidden`. */
export async function requireDmUser(db: Database, userId: string | null): Promise<UserRow> {
  const [row] = userId ? await db.select().from(user).where(eq(user.id, userId)) : [];
  if (!row || !isRegisteredVerified(row)) throw new AppError("forbidden", DM_ERROR_MESSAGES.registeredOnly);
  return row;
}
