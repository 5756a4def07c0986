import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/create-database";
import { user } from "../../db/schema";

export type SetAdminRoleResult =
  | { status: "changed"; userId: string; isAdmin: boolean }
  | { status: "unchanged"; userId: string; isAdmin: boolean }
  | { status: "not_found" };

/**
 * The channel a role change made outside a running server (`npm run admin`) is announced on; every
 * node listens (`listenForRoleChanges`) and tells the user's sockets there.
 */
export const ROLE_CHANGED_CHANNEL = "heartline_role_changed";

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
  await db.transaction(async (tx) => {
    await tx
      .update(user)
      .set({ role: isAdmin ? "admin" : "user", updatedAt: new Date() })
      .where(eq(user.id, row.id));
    // Delivered at the commit, to every node listening (a running server, on PostgreSQL).
    await tx.execute(sql`select pg_notify(${ROLE_CHANGED_CHANNEL}, ${row.id})`);
  });
  return { status: "changed", userId: row.id, isAdmin };
}
