import { FORGOT_PASSWORD_MESSAGES, type ForgotPasswordInput } from "@heartline/shared";
import type { FastifyInstance } from "fastify";
import { consumeOrThrow } from "../../lib/rate-limiter";
import type { AccountLimiters } from "./account-limits";

/**
 * spec §4 Forgot password. ARCHITECTURE §9.3: the answer is always the success text, whether or not
 * the address has an account (no enumeration); Better Auth mails the link only to a real account.
 */
export async function forgotPassword(
  app: FastifyInstance,
  limiters: AccountLimiters,
  input: ForgotPasswordInput,
  ip: string,
): Promise<{ message: string }> {
  const email = input.email.trim().toLowerCase();
  const tooMany = FORGOT_PASSWORD_MESSAGES.tooManyRequests;
  await consumeOrThrow(limiters.forgotPerIp, ip, tooMany);
  await consumeOrThrow(limiters.forgotPerAccount, email, tooMany);
  try {
    // `redirectTo` is required by the endpoint but unused: our e-mail links to /?resetToken=….
    await app.auth.api.requestPasswordReset({ body: { email, redirectTo: "/" } });
  } catch (error) {
    // Logged, not shown: an answer that differed would tell whether the account exists.
    app.log.error({ err: error }, "password reset request failed");
  }
  return { message: FORGOT_PASSWORD_MESSAGES.success };
}
