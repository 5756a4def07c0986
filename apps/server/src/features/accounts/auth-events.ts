import { isLanguageCode } from "@heartline/shared";
import { eq } from "drizzle-orm";
import type { AuthEvents } from "../../auth/create-auth";
import { user } from "../../db/schema";
import { passwordResetMail, verificationMail } from "../mail/index";
import type { AccountsDeps } from "./accounts-deps";
import { promoteConfiguredAdmin } from "./complete-verification";
import { announceRoleChange } from "./role-changes";
import { verificationUrl } from "./send-verification-link";
import { disconnectUser } from "./session-sockets";

/** spec §4 Forgot password: the e-mailed link opens the app's Reset Password modal. */
export function resetPasswordUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/?resetToken=${encodeURIComponent(token)}`;
}

export type AuthEventsDeps = Pick<
  AccountsDeps,
  "db" | "config" | "io" | "mailer" | "log" | "deleteUser" | "identities"
>;

/** Better Auth's callbacks wired to the app: mail, ADMIN_EMAILS after a reset, and live pushes. */
export function createAuthEvents(deps: AuthEventsDeps): AuthEvents {
  // The name the e-mail greets, and the language stored on the account (issue #39).
  const recipientOf = async (userId: string) => {
    const [row] = await deps.db
      .select({ displayUsername: user.displayUsername, username: user.username, locale: user.locale })
      .from(user)
      .where(eq(user.id, userId));
    return {
      username: row?.displayUsername ?? row?.username ?? null,
      locale: isLanguageCode(row?.locale) ? row.locale : null,
    };
  };
  return {
    async sendVerificationEmail(recipient, token) {
      const url = verificationUrl(deps.config.publicUrl, token);
      await deps.mailer.send(
        verificationMail({ to: recipient.email, url, ...(await recipientOf(recipient.id)) }),
      );
    },
    async sendPasswordReset(recipient, token) {
      const url = resetPasswordUrl(deps.config.publicUrl, token);
      await deps.mailer.send(
        passwordResetMail({ to: recipient.email, url, ...(await recipientOf(recipient.id)) }),
      );
    },
    async passwordReset(userId) {
      await disconnectUser(deps, userId);
      await promoteConfiguredAdmin({ deps, userId });
    },
    async guestReplaced(guestId) {
      try {
        await deps.deleteUser(guestId);
      } catch (error) {
        // The sign-in itself succeeded; a guest left behind is logged, not an error for the user.
        deps.log.error({ err: error, userId: guestId }, "could not delete a guest that signed in elsewhere");
      }
    },
    roleChanged: (userId) => announceRoleChange(deps, userId, "everywhere"),
  };
}
