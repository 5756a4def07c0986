import { RESEND_VERIFICATION_MESSAGES, SERVER_MESSAGES } from "@heartline/shared";
import type { FastifyInstance } from "fastify";
import { AppError } from "../../errors/app-error";
import { consumeOrThrow } from "../../lib/rate-limiter";
import type { AccountLimiters } from "./account-limits";
import type { CurrentSession } from "./current-session";
import { sendVerificationLink } from "./send-verification-link";

/**
 * spec §4/§8 Resend the verification e-mail for the signed-in user: one per 60 s and a few per hour
 * per account (429 'Too many attempts…'); without a session the caller answers 401 'Your session…'.
 */
export async function resendVerification(
  app: FastifyInstance,
  limiters: AccountLimiters,
  session: CurrentSession,
  ip: string,
): Promise<void> {
  const row = session.user;
  if (row.emailVerified) throw new AppError("conflict", SERVER_MESSAGES.alreadyVerified);
  if (row.isAnonymous && row.conversionRequestedAt === null)
    throw new AppError("bad_request", SERVER_MESSAGES.noEmailToVerify);
  const tooMany = RESEND_VERIFICATION_MESSAGES.tooManyRequests;
  await consumeOrThrow(limiters.resendPerIp, ip, tooMany);
  await consumeOrThrow(limiters.resendCooldown, row.id, tooMany);
  await consumeOrThrow(limiters.resendPerAccount, row.id, tooMany);
  try {
    await sendVerificationLink(app, row);
  } catch (error) {
    app.log.error({ err: error, userId: row.id }, "verification e-mail not sent");
    throw new AppError("internal", RESEND_VERIFICATION_MESSAGES.failed);
  }
}
