import { and, eq } from "drizzle-orm";
import { user } from "../../db/schema";
import { userRoom } from "../../realtime/rooms";
import { hasAdminRole } from "./account-user";
import type { AccountsDeps } from "./accounts-deps";

/**
 * spec §4: once the e-mail is verified the user is no guest any more (and no anonymous Better Auth
 * user); a conversion gets conversionCompletedAt. The user's open tabs hear `account_updated` and
 * reload the user. No role changes here: a password that predates the proof never makes an admin
 * (ADR 0017, `promoteConfiguredAdmin`).
 */
export interface CompleteVerificationOptions {
  deps: Pick<AccountsDeps, "db" | "io" | "identities">;
  userId: string;
}

export async function completeVerification({ deps, userId }: CompleteVerificationOptions): Promise<void> {
  const [row] = await deps.db.select().from(user).where(eq(user.id, userId));
  if (!row?.emailVerified) return;
  const now = new Date();
  const isConversion = row.conversionRequestedAt !== null && row.conversionCompletedAt === null;
  await deps.db
    .update(user)
    .set({
      isGuest: false,
      isAnonymous: false,
      updatedAt: now,
      ...(isConversion ? { conversionCompletedAt: now } : {}),
    })
    .where(eq(user.id, userId));
  await deps.identities.forget(userId);
  deps.io.to(userRoom(userId)).emit("account_updated", { userId });
}

/** Whether `email` is listed in ADMIN_EMAILS (ARCHITECTURE §3); the list is lower-cased by the config. */
export function isConfiguredAdminEmail(config: Pick<AccountsDeps["config"], "adminEmails">, email: string) {
  return config.adminEmails.includes(email.toLowerCase());
}

/**
 * ADMIN_EMAILS (ARCHITECTURE §3, ADR 0017): a verified account whose password was just set through a
 * reset link (the mailbox and the password proven in one step) becomes admin. Called after a reset.
 */
export interface PromoteConfiguredAdminOptions {
  deps: Pick<AccountsDeps, "db" | "config" | "io" | "identities">;
  userId: string;
}

export async function promoteConfiguredAdmin({ deps, userId }: PromoteConfiguredAdminOptions) {
  const [row] = await deps.db
    .select({ email: user.email, emailVerified: user.emailVerified, role: user.role })
    .from(user)
    .where(eq(user.id, userId));
  if (!row?.emailVerified || hasAdminRole(row.role) || !isConfiguredAdminEmail(deps.config, row.email))
    return;
  const promoted = await deps.db
    .update(user)
    .set({ role: "admin", updatedAt: new Date() })
    .where(and(eq(user.id, userId), eq(user.email, row.email), eq(user.emailVerified, true)))
    .returning({ id: user.id });
  if (promoted.length === 0) return;
  await deps.identities.forget(userId);
  deps.io.to(userRoom(userId)).emit("adminStatusChanged", { isAdmin: true });
}
