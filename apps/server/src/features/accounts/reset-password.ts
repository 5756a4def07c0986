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
import { endOtherSessions } from "./end-sessions";
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

/**
 * /settings: change the password of the signed-in user (issue #3 §7). Every other session ends with the
 * old password, and their sockets close (issue #33): whoever knew it is signed out. This browser stays
 * signed in on its own session.
 */
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
}: ChangePasswordOptions): Promise<void> {
  await consumeOrThrow(deps.limiters.changePasswordPerAccount, session.user.id);
  assertUncommonPassword(input.newPassword);
  try {
    // Better Auth's own `revokeOtherSessions` would end this session too and open a new one, leaving
    // this browser's sockets on a session that is gone; the others are ended below instead.
    await deps.auth.api.changePassword({
      body: { currentPassword: input.currentPassword, newPassword: input.newPassword },
      headers,
    });
  } catch (error) {
    const mapped = toAppError(error, SERVER_MESSAGES.wrongCurrentPassword);
    // Better Auth says 'invalid password' for the current one: that is not a sign-in failure.
    if (mapped instanceof AppError && mapped.code === "unauthorized") {
      throw new AppError("bad_request", SERVER_MESSAGES.wrongCurrentPassword);
    }
    throw mapped;
  }
  await endOtherSessions(deps, session.user.id, session.sessionId);
}
