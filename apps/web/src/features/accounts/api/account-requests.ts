// First: the contract module builds zod schemas, and zod must not probe eval under our CSP.
import "../../../lib/zod-csp";
import {
  ACCOUNT_PATHS,
  type AccountUser,
  type GuestInput,
  type HumanCheckConfig,
  type ResetPasswordInput,
  type SignInInput,
  type SignUpInput,
  type SignUpResult,
} from "@heartline/shared";
import { apiRequest } from "../../../lib/http-client";

/**
 * The accounts endpoints of the shared contract, one function each (spec §4 Authentication). Each
 * throws `ApiError`; `failedAnswer` turns it into what the §8 texts are chosen from.
 */
export const accountRequests = {
  humanCheckConfig: () => apiRequest<HumanCheckConfig>(ACCOUNT_PATHS.humanCheckConfig),
  verifyHuman: (token: string) =>
    apiRequest<{ ok: true }>(ACCOUNT_PATHS.verifyHuman, { method: "POST", json: { token } }),
  guest: (input: GuestInput) =>
    apiRequest<{ user: AccountUser }>(ACCOUNT_PATHS.guest, { method: "POST", json: input }),
  signIn: (input: SignInInput) =>
    apiRequest<{ user: AccountUser }>(ACCOUNT_PATHS.signIn, { method: "POST", json: input }),
  signUp: (input: SignUpInput) =>
    apiRequest<SignUpResult>(ACCOUNT_PATHS.signUp, { method: "POST", json: input }),
  checkUsername: (username: string, purpose: "sign-up" | "guest" = "sign-up") =>
    apiRequest<{ available: boolean; message?: string }>(
      `${ACCOUNT_PATHS.checkUsername}?username=${encodeURIComponent(username)}&for=${purpose}`,
    ),
  forgotPassword: (email: string) =>
    apiRequest<{ message: string }>(ACCOUNT_PATHS.forgotPassword, { method: "POST", json: { email } }),
  resetPassword: (input: ResetPasswordInput) =>
    apiRequest<{ ok: true }>(ACCOUNT_PATHS.resetPassword, { method: "POST", json: input }),
  resendVerification: () =>
    apiRequest<{ ok: true }>(ACCOUNT_PATHS.resendVerification, { method: "POST", json: {} }),
  signOut: () => apiRequest<{ ok: true }>(ACCOUNT_PATHS.signOut, { method: "POST", json: {} }),
};
