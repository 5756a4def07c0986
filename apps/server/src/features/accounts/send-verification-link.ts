import { createEmailVerificationToken } from "better-auth/api";
import type { FastifyInstance } from "fastify";
import { verificationMail } from "../mail/templates";
import type { UserRow } from "./account-user";
import { AUTH_BASE_PATH, LINK_TTL_SECONDS, VERIFIED_CALLBACK_PATH } from "./create-auth";

/**
 * Sends Better Auth's own verification link (its signed token, its `/verify-email` route, so auto
 * sign-in and the after-verification hook apply) for a user whose e-mail we set ourselves: a guest
 * upgrade and a resend (spec §4).
 */
export async function sendVerificationLink(app: FastifyInstance, row: UserRow): Promise<void> {
  const token = await createEmailVerificationToken(
    app.config.authSecret,
    row.email,
    undefined,
    LINK_TTL_SECONDS,
    {
      userId: row.id,
    },
  );
  const url = verificationUrl(app.config.publicUrl, token);
  await app.mailer.send(
    verificationMail({ to: row.email, username: row.displayUsername ?? row.username, url }),
  );
}

export function verificationUrl(publicUrl: string, token: string): string {
  const callback = encodeURIComponent(VERIFIED_CALLBACK_PATH);
  return `${publicUrl}${AUTH_BASE_PATH}/verify-email?token=${encodeURIComponent(token)}&callbackURL=${callback}`;
}
