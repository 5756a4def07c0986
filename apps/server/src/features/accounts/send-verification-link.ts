import { ACCOUNT_PATHS, isLanguageCode } from "@heartline/shared";
import { createEmailVerificationToken } from "better-auth/api";
import { LINK_TTL_SECONDS } from "../../auth/create-auth";
import { verificationMail } from "../mail/index";
import type { UserRow } from "./account-user";
import type { AccountsDeps } from "./accounts-deps";

/**
 * Sends a verification link with Better Auth's own signed token (bound to the user id) for a user whose
 * e-mail we set ourselves: a guest upgrade and a resend (spec §4). The link is the product's route
 * (`verify-email.ts`, ADR 0017), like the one Better Auth mails after a sign-up.
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
    { userId: row.id },
  );
  const url = verificationUrl(deps.config.publicUrl, token);
  await deps.mailer.send(
    verificationMail({
      to: row.email,
      username: row.displayUsername ?? row.username,
      url,
      // Issue #39: in the language stored on the account.
      locale: isLanguageCode(row.locale) ? row.locale : null,
    }),
  );
}

export function verificationUrl(publicUrl: string, token: string): string {
  return `${publicUrl}${ACCOUNT_PATHS.verifyEmail}?token=${encodeURIComponent(token)}`;
}
