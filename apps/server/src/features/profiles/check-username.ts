import { eq } from "drizzle-orm";
import type { Database } from "../../db/create-database";
import { user } from "../../db/schema";

/**
 * spec §5 Username uniqueness, case-insensitively via username_lower. A guest row counts as taken
 * here; sign-up itself frees a guest's name as spec §4 (b) describes.
 */
export async function isUsernameAvailable(db: Database, username: string): Promise<boolean> {
  const rows = await db
    .select({ id: user.id })
    .from(user)
    .where(eq(user.usernameLower, username.trim().toLowerCase()))
    .limit(1);
  return rows.length === 0;
}
