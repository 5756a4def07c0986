import {
  type ChangePasswordInput,
  RESET_LINK_INVALID_MESSAGE,
  type ResetPasswordInput,
  SERVER_MESSAGES,
} from "@heartline/shared";
import { AppError } from "../../errors/app-error";
import { consumeOrThrow } from "../../lib/rate-limiter";
import type { AccountsDeps } from "./accounts-deps";
import { toAppError } from "./auth-api-error";
import { assertUncommonPassword } from "./common-passwords";
import type { CurrentSession } from "./session-guards";

/** spec §4 Reset password with the e-mailed token; every session of the account ends. */
export interface ResetPasswordOptions {
  deps: AccountsDeps;
  input: ResetPasswordInput;
  ip: string;
}

export async function resetPassword({ deps, input, ip }: ResetPasswordOptions): Promise<void> {
  await consumeOrThrow(deps.limiters.resetPerIp, ip);
  assertUncommonPassword(input.newPassword);
  try {
    await deps.auth.api.resetPassword({ body: { token: input.token, newPassword: input.newPassword } });
  } catch (error) {
    throw toAppError(error, RESET_LINK_INVALID_MESSAGE);
  }
}

/** /settings: change the password of the signed-in user (issue #3 §7), optionally ending other sessions. */
export interface ChangePasswordOptions {
  deps: AccountsDeps;
  session: CurrentSession;
  input: ChangePasswordInput;
  headers: Headers;
}

export async function changePassword({
  deps,
  session,
  input,
  headers,
}: ChangePasswordOptions): Promise<Headers | null> {
  await consumeOrThrow(deps.limiters.changePasswordPerAccount, session.user.id);
  assertUncommonPassword(input.newPassword);
  try {
    const result = await deps.auth.api.changePassword({
      body: {
        currentPassword: input.currentPassword,
        newPassword: input.newPassword,
        revokeOtherSessions: input.revokeOtherSessions ?? false,
      },
      headers,
      returnHeaders: true,
    });
    return result.headers;
  } catch (error) {
    const mapped = toAppError(error, SERVER_MESSAGES.wrongCurrentPassword);
    // Better Auth says 'invalid password' for the current one: that is not a sign-in failure.
    if (mapped instanceof AppError && mapped.code === "unauthorized") {
      throw new AppError("bad_request", SERVER_MESSAGES.wrongCurrentPassword);
    }
    throw mapped;
  }
}
