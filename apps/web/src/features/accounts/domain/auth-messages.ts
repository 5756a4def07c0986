import {
  AUTH_ERROR_MESSAGES,
  authErrorMessage,
  FORGOT_PASSWORD_MESSAGES,
  HUMAN_VERIFICATION_MESSAGES,
  RESEND_VERIFICATION_MESSAGES,
  SIGN_IN_MESSAGES,
  SIGN_UP_UNKNOWN_ERROR,
} from "@heartline/shared";
import { ApiError, NETWORK_ERROR_CODE } from "../../../lib/http-client";

/** A failed request, as the §8 texts are chosen from it (status 0: the network failed). */
export interface FailedAnswer {
  status: number;
  code: string | null;
  message: string | null;
}

/** What an account request's `ApiError` (or anything else thrown on the way) says about the failure. */
export function failedAnswer(error: unknown): FailedAnswer {
  if (error instanceof ApiError)
    return { status: error.status, code: error.code, message: error.serverMessage };
  return { status: 0, code: NETWORK_ERROR_CODE, message: null };
}

/** An authentication code of spec §8 (with or without `auth/`), as written by the server. */
function authCode(code: string | null): string | null {
  if (!code) return null;
  const key = code
    .replace(/^auth\//, "")
    .toLowerCase()
    .replaceAll("_", "-");
  return key !== "default" && Object.hasOwn(AUTH_ERROR_MESSAGES, key) ? key : null;
}

/** The shared part of every flow: a §8 auth code wins, then the network and rate-limit texts. */
function commonAuthMessage(answer: FailedAnswer): string | null {
  const code = authCode(answer.code);
  if (code) return authErrorMessage(code);
  if (answer.status === 0) return AUTH_ERROR_MESSAGES["network-request-failed"];
  return null;
}

/** spec §8 Sign-in: 'Invalid email or password' for an unknown user or a wrong password; fallback text. */
export function signInErrorMessage(answer: FailedAnswer): string {
  const code = authCode(answer.code);
  if (code === "user-not-found" || code === "wrong-password") return SIGN_IN_MESSAGES.invalidCredentials;
  if (answer.status === 429 && !code) return AUTH_ERROR_MESSAGES["too-many-requests"];
  return commonAuthMessage(answer) ?? answer.message ?? SIGN_IN_MESSAGES.fallback;
}

/** spec §8 Sign-up: auth codes, the server's message, else 'An unexpected error occurred'. */
export function signUpErrorMessage(answer: FailedAnswer): string {
  return commonAuthMessage(answer) ?? answer.message ?? SIGN_UP_UNKNOWN_ERROR;
}

/** spec §8 Guest creation: the server's message or 'Failed to create guest account'. */
export function guestErrorMessage(answer: FailedAnswer): string {
  if (answer.status === 0) return AUTH_ERROR_MESSAGES["network-request-failed"];
  return answer.message ?? HUMAN_VERIFICATION_MESSAGES.guestCreationFailed;
}

/** spec §8 Forgot password texts. */
export function forgotPasswordErrorMessage(answer: FailedAnswer): string {
  const code = authCode(answer.code);
  if (answer.status === 429 || code === "too-many-requests") return FORGOT_PASSWORD_MESSAGES.tooManyRequests;
  if (code === "invalid-email") return FORGOT_PASSWORD_MESSAGES.invalidEmail;
  if (code === "user-not-found") return FORGOT_PASSWORD_MESSAGES.userNotFound;
  return commonAuthMessage(answer) ?? answer.message ?? AUTH_ERROR_MESSAGES.default;
}

/** spec §8 Human verification: the server's message when present, otherwise the generic failure. */
export function humanCheckErrorMessage(answer: FailedAnswer): string {
  if (answer.status === 0) return AUTH_ERROR_MESSAGES["network-request-failed"];
  return answer.message ?? HUMAN_VERIFICATION_MESSAGES.genericFailure;
}

export type ResendFailure = "too-many-requests" | "session-expired" | "failed";

/** spec §8 Resend verification: 429 → too many, 401 → session expired, anything else → failed. */
export function resendFailure(answer: FailedAnswer): { kind: ResendFailure; message: string } {
  if (answer.status === 429)
    return { kind: "too-many-requests", message: RESEND_VERIFICATION_MESSAGES.tooManyRequests };
  if (answer.status === 401)
    return { kind: "session-expired", message: RESEND_VERIFICATION_MESSAGES.sessionExpired };
  return { kind: "failed", message: RESEND_VERIFICATION_MESSAGES.failed };
}
