import { USER_ID_PATTERN, userDeletedMessage, userNotFoundMessage } from "@heartline/shared";
import { eq } from "drizzle-orm";
import type { Database } from "../db/create-database";
import { deletedUsers, user } from "../db/schema";
import { AppError } from "../errors/app-error";
import type { UserRow } from "./user-row";

/**
 * A live account by id, for whatever starts something with a person (a conversation, a friend request,
 * a block). spec §5 Starting a conversation: a deleted account answers 'User with ID {id} has deleted
 * their account', an unknown id 'User with ID {id} does not exist' (both `not_found`).
 */
export async function findPersonById(db: Database, id: string): Promise<UserRow> {
  // Never a query with what no id can be (a NUL byte is an error in PostgreSQL, not a miss).
  if (!USER_ID_PATTERN.test(id)) throw new AppError("not_found", userNotFoundMessage(id));
  const [row] = await db.select().from(user).where(eq(user.id, id));
  if (row && !row.isDeleted) return row;
  const [tombstone] = row
    ? [row]
    : await db.select({ id: deletedUsers.id }).from(deletedUsers).where(eq(deletedUsers.id, id));
  throw new AppError("not_found", tombstone ? userDeletedMessage(id) : userNotFoundMessage(id));
}
