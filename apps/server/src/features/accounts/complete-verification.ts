import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { user } from "../../db/schema";
import { userRoom } from "../../realtime/rooms";

/**
 * spec §4: once the e-mail is verified the user is no guest any more (and no anonymous Better Auth
 * user); a conversion gets conversionCompletedAt; an address in ADMIN_EMAILS becomes admin
 * (ARCHITECTURE §3). The user's open tabs hear `account_updated` and reload the user.
 */
export async function completeVerification(app: FastifyInstance, userId: string): Promise<void> {
  const [row] = await app.db.select().from(user).where(eq(user.id, userId));
  if (!row?.emailVerified) return;
  const now = new Date();
  const isConversion = row.conversionRequestedAt !== null && row.conversionCompletedAt === null;
  const becomesAdmin = row.role !== "admin" && app.config.adminEmails.includes(row.email.toLowerCase());
  await app.db
    .update(user)
    .set({
      isGuest: false,
      isAnonymous: false,
      updatedAt: now,
      ...(isConversion ? { conversionCompletedAt: now } : {}),
      ...(becomesAdmin ? { role: "admin" } : {}),
    })
    .where(eq(user.id, userId));
  app.io.to(userRoom(userId)).emit("account_updated", { userId });
  if (becomesAdmin) app.io.to(userRoom(userId)).emit("adminStatusChanged", { isAdmin: true });
}

/** At start: verified users listed in ADMIN_EMAILS are admins (ARCHITECTURE §3). */
export async function promoteConfiguredAdmins(app: FastifyInstance): Promise<number> {
  let promoted = 0;
  for (const email of app.config.adminEmails) {
    const rows = await app.db
      .update(user)
      .set({ role: "admin", updatedAt: new Date() })
      .where(and(eq(user.email, email), eq(user.emailVerified, true)))
      .returning({ id: user.id });
    promoted += rows.length;
  }
  return promoted;
}
