import { FRIEND_ERROR_MESSAGES, type SendFriendRequestInput, USERNAME_PATTERN } from "@heartline/shared";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/create-database";
import { user } from "../../db/schema";
import { AppError } from "../../errors/app-error";
import { findPersonById } from "../../social/index";
import type { UserRow } from "../accounts/index";

/**
 * The person a request goes to: by id (from a conversation or a profile; a deleted account and an
 * unknown id answer the spec §5 texts) or by username, case-insensitively via `username_lower`.
 */
export async function findFriendTarget(db: Database, input: SendFriendRequestInput): Promise<UserRow> {
  if (input.userId !== undefined) return findPersonById(db, input.userId);
  const username = (input.username ?? "").trim().toLowerCase();
  if (!USERNAME_PATTERN.test(username)) throw new AppError("not_found", FRIEND_ERROR_MESSAGES.userNotFound);
  const [row] = await db.select().from(user).where(eq(user.usernameLower, username));
  // A deleted account's username is free again: it reads as nobody.
  if (!row || row.isDeleted) throw new AppError("not_found", FRIEND_ERROR_MESSAGES.userNotFound);
  return row;
}
