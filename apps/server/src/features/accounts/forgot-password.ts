import { FORGOT_PASSWORD_MESSAGES, type ForgotPasswordInput } from "@heartline/shared";
import { consumeOrThrow } from "../../lib/rate-limiter";
import type { AccountsDeps } from "./accounts-deps";

/**
 * spec §4 Forgot password. ARCHITECTURE §9.3: the answer is always the success text, whether or not
 * the address has an account (no enumeration); Better Auth mails the link only to a real account.
 */
export interface ForgotPasswordOptions {
  deps: AccountsDeps;
  input: ForgotPasswordInput;
  ip: string;
}

export async function forgotPassword({
  deps,
  input,
  ip,
}: ForgotPasswordOptions): Promise<{ message: string }> {
  const email = input.email.trim().toLowerCase();
  const tooMany = FORGOT_PASSWORD_MESSAGES.tooManyRequests;
  await consumeOrThrow(deps.limiters.forgotPerIp, ip, tooMany);
  await consumeOrThrow(deps.limiters.forgotPerAccount, email, tooMany);
  try {
    // `redirectTo` is required by the endpoint but unused: our e-mail links to /?resetToken=….
    await deps.auth.api.requestPasswordReset({ body: { email, redirectTo: "/" } });
  } catch (error) {
    // Logged, not shown: an answer that differed would tell whether the account exists.
    deps.log.error({ err: error }, "password reset request failed");
  }
  return { message: FORGOT_PASSWORD_MESSAGES.success };
}
