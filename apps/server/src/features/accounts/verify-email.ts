import { verifyJWT } from "better-auth/crypto";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { account, user } from "../../db/schema";
import type { AccountsDeps } from "./accounts-deps";
import { completeVerification, isConfiguredAdminEmail } from "./complete-verification";
import { endEverySession, endOtherSessions } from "./end-sessions";
import type { CurrentSession } from "./session-guards";

/**
 * What the e-mailed link did (ADR 0017): `kept`, the browser that signed up proved the address and
 * stays signed in; `password-cleared`, another browser (or any browser, for an ADMIN_EMAILS address)
 * proved it, so nobody is signed in, every session and the password are gone and a reset link is on
 * its way; `already`, the address was proven before; `invalid`, no such link (forged, expired, or its
 * account replaced).
 */
export type VerificationOutcome = "kept" | "password-cleared" | "already" | "invalid";

/** What Better Auth's `createEmailVerificationToken` signs: the address and the account it was sent for. */
const tokenPayloadSchema = z.object({
  email: z.string().max(320),
  userId: z.string().max(64),
  // A change-of-address token (Better Auth's other flow, not the product's) is not a verification.
  updateTo: z.undefined().optional(),
});

export interface VerifyEmailOptions {
  deps: AccountsDeps;
  token: string;
  /** The session of the browser that opened the link, if it has one. */
  clicking: CurrentSession | null;
}

export async function verifyEmail({
  deps,
  token,
  clicking,
}: VerifyEmailOptions): Promise<VerificationOutcome> {
  const payload = tokenPayloadSchema.safeParse(await verifyJWT(token, deps.config.authSecret));
  if (!payload.success) return "invalid";
  const { email, userId } = payload.data;
  // At most once: of two clicks at the same moment one proves the address, the other finds it proven.
  // The address must still be this account's: a sign-up that replaced the account moved it (sign-up.ts).
  const proven = await deps.db
    .update(user)
    .set({ emailVerified: true, updatedAt: new Date() })
    .where(and(eq(user.id, userId), eq(user.email, email), eq(user.emailVerified, false)))
    .returning({ id: user.id });
  if (proven.length === 0) return (await isProven(deps, userId, email)) ? "already" : "invalid";
  const isSignUpBrowser = clicking?.user.id === userId && !isConfiguredAdminEmail(deps.config, email);
  if (clicking && isSignUpBrowser) await endOtherSessions(deps, userId, clicking.sessionId);
  else await clearUnprovenPassword(deps, userId, email);
  await completeVerification({ deps, userId });
  return isSignUpBrowser ? "kept" : "password-cleared";
}

async function isProven(deps: Pick<AccountsDeps, "db">, userId: string, email: string): Promise<boolean> {
  const [row] = await deps.db
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.id, userId), eq(user.email, email), eq(user.emailVerified, true)));
  return row !== undefined;
}

/**
 * The password was set before anyone proved the address, possibly by someone else: it goes first, then
 * every session (a sign-in racing this re-reads the password after it made its session, `sign-in.ts`),
 * and the address's owner gets a link to set their own. A mail that fails is logged: the owner can still
 * ask for one with 'Forgot password'.
 */
async function clearUnprovenPassword(deps: AccountsDeps, userId: string, email: string) {
  await deps.db.delete(account).where(and(eq(account.userId, userId), eq(account.providerId, "credential")));
  await endEverySession(deps, userId);
  try {
    // `redirectTo` is required by the endpoint but unused: our e-mail links to /?resetToken=….
    await deps.auth.api.requestPasswordReset({ body: { email, redirectTo: "/" } });
  } catch (error) {
    deps.log.error({ err: error, userId }, "the reset link after a verification was not sent");
  }
}
