import { createEmailVerificationToken } from "better-auth/api";
import { AUTH_BASE_PATH, LINK_TTL_SECONDS, VERIFIED_CALLBACK_PATH } from "../../auth/create-auth";
import { verificationMail } from "../mail/index";
import type { UserRow } from "./account-user";
import type { AccountsDeps } from "./accounts-deps";

/**
 * Sends Better Auth's own verification link (its signed token, its `/verify-email` route, so auto
 * sign-in and the after-verification hook apply) for a user whose e-mail we set ourselves: a guest
 * upgrade and a resend (spec §4).
 */
export interface SendVerificationLinkOptions {
  deps: AccountsDeps;
  row: UserRow;
}

export async function sendVerificationLink({ deps, row }: SendVerificationLinkOptions): Promise<void> {
  const token = await createEmailVerificationToken(
    deps.config.authSecret,
    row.email,
    undefined,
    LINK_TTL_SECONDS,
    {
      userId: row.id,
    },
  );
  const url = verificationUrl(deps.config.publicUrl, token);
  await deps.mailer.send(
    verificationMail({ to: row.email, username: row.displayUsername ?? row.username, url }),
  );
}

export function verificationUrl(publicUrl: string, token: string): string {
  const callback = encodeURIComponent(VERIFIED_CALLBACK_PATH);
  return `${publicUrl}${AUTH_BASE_PATH}/verify-email?token=${encodeURIComponent(token)}&callbackURL=${callback}`;
}
