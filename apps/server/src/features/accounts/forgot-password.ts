import { FORGOT_PASSWORD_MESSAGES, type ForgotPasswordInput } from "@heartline/shared";
import { consumeOrThrow } from "../../lib/rate-limiter";
import type { AccountsDeps } from "./accounts-deps";
import type { BackgroundWork } from "./background-work";

/**
 * spec §4 Forgot password. ARCHITECTURE §9.3: the answer is always the success text, whether or not
 * the address has an account (no enumeration); Better Auth mails the link only to a real account.
 * The answer does not wait for that work either: a real account costs a token write and an SMTP
 * round trip, an unknown one a lookup, and the difference would be an enumeration oracle by timing.
 * Both paths do the same before answering (parse, two limiter points) and nothing else.
 */
export interface ForgotPasswordOptions {
  deps: AccountsDeps;
  input: ForgotPasswordInput;
  ip: string;
  background: BackgroundWork;
}

export async function forgotPassword({
  deps,
  input,
  ip,
  background,
}: ForgotPasswordOptions): Promise<{ message: string }> {
  const email = input.email.trim().toLowerCase();
  const tooMany = FORGOT_PASSWORD_MESSAGES.tooManyRequests;
  await consumeOrThrow(deps.limiters.forgotPerIp, ip, tooMany);
  await consumeOrThrow(deps.limiters.forgotPerAccount, email, tooMany);
  // Logged, not shown: an answer that differed would tell whether the account exists.
  background.run("password reset request failed", async () => {
    // `redirectTo` is required by the endpoint but unused: our e-mail links to /?resetToken=….
    await deps.auth.api.requestPasswordReset({ body: { email, redirectTo: "/" } });
  });
  return { message: FORGOT_PASSWORD_MESSAGES.success };
}
