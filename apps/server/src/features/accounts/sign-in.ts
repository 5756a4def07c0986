import { type AccountUser, AUTH_ERROR_MESSAGES, SIGN_IN_MESSAGES, type SignInInput } from "@heartline/shared";
import { eq } from "drizzle-orm";
import { user } from "../../db/schema";
import { AppError } from "../../errors/app-error";
import { consumeOrThrow, isLimited } from "../../lib/rate-limiter";
import { toAccountUser } from "./account-user";
import type { AccountsDeps } from "./accounts-deps";
import { toAppError } from "./auth-api-error";

export interface SignInResult {
  user: AccountUser;
  headers: Headers;
}

/**
 * spec §4 Sign-in with e-mail and password (after the human check). An unverified account signs in
 * too, so the web can show 'Verify Your Email' (ADR 0005). Failures count per address (issue #3 §10).
 */
export interface SignInOptions {
  deps: AccountsDeps;
  input: SignInInput;
  requestHeaders: Headers;
}

export async function signIn({ deps, input, requestHeaders }: SignInOptions): Promise<SignInResult> {
  const accountKey = input.email.trim().toLowerCase();
  const tooMany = AUTH_ERROR_MESSAGES["too-many-requests"];
  if (await isLimited(deps.limiters.signInFailuresPerAccount, accountKey))
    throw new AppError("rate_limited", tooMany);
  let result: Awaited<ReturnType<typeof callSignIn>>;
  try {
    result = await callSignIn(deps, input, requestHeaders);
  } catch (error) {
    const mapped = toAppError(error, SIGN_IN_MESSAGES.fallback);
    if (mapped instanceof AppError && mapped.code === "unauthorized") {
      await consumeOrThrow(deps.limiters.signInFailuresPerAccount, accountKey, tooMany).catch(
        () => undefined,
      );
    }
    throw mapped;
  }
  const [row] = await deps.db.select().from(user).where(eq(user.id, result.response.user.id));
  if (!row) throw new AppError("unauthorized", SIGN_IN_MESSAGES.fallback);
  return { user: toAccountUser(row), headers: result.headers };
}

function callSignIn(deps: AccountsDeps, input: SignInInput, headers: Headers) {
  return deps.auth.api.signInEmail({
    body: { email: input.email.trim(), password: input.password },
    headers,
    returnHeaders: true,
  });
}
