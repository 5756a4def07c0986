import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { user } from "../../db/schema";
import { userRoom } from "../../realtime/rooms";
import { passwordResetMail, verificationMail } from "../mail/templates";
import { completeVerification } from "./complete-verification";
import type { AuthEvents } from "./create-auth";
import { disconnectUser } from "./session-sockets";

/** spec §4 Forgot password: the e-mailed link opens the app's Reset Password modal. */
export function resetPasswordUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/?resetToken=${encodeURIComponent(token)}`;
}

/**
 * Better Auth's callbacks wired to the app: mail, the after-verification update and live pushes.
 * `app.io` and `app.mailer` are read when an event happens, after every plugin has loaded.
 */
export function createAuthEvents(app: FastifyInstance): AuthEvents {
  const usernameOf = async (userId: string) => {
    const [row] = await app.db
      .select({ displayUsername: user.displayUsername, username: user.username })
      .from(user)
      .where(eq(user.id, userId));
    return row?.displayUsername ?? row?.username ?? null;
  };
  return {
    async sendVerificationEmail(recipient, url) {
      const username = await usernameOf(recipient.id);
      await app.mailer.send(verificationMail({ to: recipient.email, username, url }));
    },
    async sendPasswordReset(recipient, token) {
      const username = await usernameOf(recipient.id);
      const url = resetPasswordUrl(app.config.publicUrl, token);
      await app.mailer.send(passwordResetMail({ to: recipient.email, username, url }));
    },
    async emailVerified(recipient) {
      await completeVerification(app, recipient.id);
    },
    async passwordReset(userId) {
      disconnectUser(app.io, userId);
    },
    async roleChanged(userId) {
      const [row] = await app.db.select({ role: user.role }).from(user).where(eq(user.id, userId));
      if (row) app.io.to(userRoom(userId)).emit("adminStatusChanged", { isAdmin: row.role === "admin" });
    },
  };
}
