import { eq } from "drizzle-orm";
import type { Database } from "../../db/create-database";
import { user } from "../../db/schema";

export type SetAdminRoleResult =
  | { status: "changed"; userId: string; isAdmin: boolean }
  | { status: "unchanged"; userId: string; isAdmin: boolean }
  | { status: "not_found" };

/** `npm run admin -- grant|revoke <email>` (ARCHITECTURE §3): the admin plugin's role column. */
export interface SetAdminRoleOptions {
  db: Database;
  email: string;
  isAdmin: boolean;
}

export async function setAdminRole({ db, email, isAdmin }: SetAdminRoleOptions): Promise<SetAdminRoleResult> {
  const address = email.trim().toLowerCase();
  const [row] = await db.select({ id: user.id, role: user.role }).from(user).where(eq(user.email, address));
  if (!row) return { status: "not_found" };
  if ((row.role === "admin") === isAdmin) return { status: "unchanged", userId: row.id, isAdmin };
  await db
    .update(user)
    .set({ role: isAdmin ? "admin" : "user", updatedAt: new Date() })
    .where(eq(user.id, row.id));
  return { status: "changed", userId: row.id, isAdmin };
}
