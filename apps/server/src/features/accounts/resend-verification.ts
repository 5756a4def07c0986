import { RESEND_VERIFICATION_MESSAGES, SERVER_MESSAGES } from "@heartline/shared";
import { AppError } from "../../errors/app-error";
import { consumeOrThrow } from "../../lib/rate-limiter";
import type { AccountsDeps } from "./accounts-deps";
import { sendVerificationLink } from "./send-verification-link";
import type { CurrentSession } from "./session-guards";

/**
 * spec §4/§8 Resend the verification e-mail for the signed-in user: one per 60 s and a few per hour
 * per account (429 'Too many attempts…'); without a session the caller answers 401 'Your session…'.
 */
export interface ResendVerificationOptions {
  deps: AccountsDeps;
  session: CurrentSession;
  ip: string;
}

export async function resendVerification({ deps, session, ip }: ResendVerificationOptions): Promise<void> {
  const row = session.user;
  if (row.emailVerified) throw new AppError("conflict", SERVER_MESSAGES.alreadyVerified);
  if (row.isAnonymous && row.conversionRequestedAt === null)
    throw new AppError("bad_request", SERVER_MESSAGES.noEmailToVerify);
  const tooMany = RESEND_VERIFICATION_MESSAGES.tooManyRequests;
  await consumeOrThrow(deps.limiters.resendPerIp, ip, tooMany);
  await consumeOrThrow(deps.limiters.resendCooldown, row.id, tooMany);
  await consumeOrThrow(deps.limiters.resendPerAccount, row.id, tooMany);
  try {
    await sendVerificationLink({ deps, row });
  } catch (error) {
    deps.log.error({ err: error, userId: row.id }, "verification e-mail not sent");
    throw new AppError("internal", RESEND_VERIFICATION_MESSAGES.failed);
  }
}
