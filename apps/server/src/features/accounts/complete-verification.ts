import { and, eq } from "drizzle-orm";
import { user } from "../../db/schema";
import { userRoom } from "../../realtime/rooms";
import type { AccountsDeps } from "./accounts-deps";

/**
 * spec §4: once the e-mail is verified the user is no guest any more (and no anonymous Better Auth
 * user); a conversion gets conversionCompletedAt; an address in ADMIN_EMAILS becomes admin
 * (ARCHITECTURE §3). The user's open tabs hear `account_updated` and reload the user.
 */
export interface CompleteVerificationOptions {
  deps: Pick<AccountsDeps, "db" | "config" | "io">;
  userId: string;
}

export async function completeVerification({ deps, userId }: CompleteVerificationOptions): Promise<void> {
  const [row] = await deps.db.select().from(user).where(eq(user.id, userId));
  if (!row?.emailVerified) return;
  const now = new Date();
  const isConversion = row.conversionRequestedAt !== null && row.conversionCompletedAt === null;
  const becomesAdmin = row.role !== "admin" && deps.config.adminEmails.includes(row.email.toLowerCase());
  await deps.db
    .update(user)
    .set({
      isGuest: false,
      isAnonymous: false,
      updatedAt: now,
      ...(isConversion ? { conversionCompletedAt: now } : {}),
      ...(becomesAdmin ? { role: "admin" } : {}),
    })
    .where(eq(user.id, userId));
  deps.io.to(userRoom(userId)).emit("account_updated", { userId });
  if (becomesAdmin) deps.io.to(userRoom(userId)).emit("adminStatusChanged", { isAdmin: true });
}

/** At start: verified users listed in ADMIN_EMAILS are admins (ARCHITECTURE §3). */
export interface PromoteConfiguredAdminsOptions {
  deps: Pick<AccountsDeps, "db" | "config">;
}

export async function promoteConfiguredAdmins({ deps }: PromoteConfiguredAdminsOptions): Promise<number> {
  let promoted = 0;
  for (const email of deps.config.adminEmails) {
    const rows = await deps.db
      .update(user)
      .set({ role: "admin", updatedAt: new Date() })
      .where(and(eq(user.email, email), eq(user.emailVerified, true)))
      .returning({ id: user.id });
    promoted += rows.length;
  }
  return promoted;
}
