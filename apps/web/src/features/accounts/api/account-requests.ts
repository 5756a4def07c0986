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
import { apiRequest } from "./account-api";

/** The accounts endpoints of the shared contract, one function each (spec §4 Authentication). */
export const accountRequests = {
  humanCheckConfig: () => apiRequest<HumanCheckConfig>(ACCOUNT_PATHS.humanCheckConfig),
  verifyHuman: (token: string) => apiRequest<{ ok: true }>(ACCOUNT_PATHS.verifyHuman, { body: { token } }),
  guest: (input: GuestInput) => apiRequest<{ user: AccountUser }>(ACCOUNT_PATHS.guest, { body: input }),
  signIn: (input: SignInInput) => apiRequest<{ user: AccountUser }>(ACCOUNT_PATHS.signIn, { body: input }),
  signUp: (input: SignUpInput) => apiRequest<SignUpResult>(ACCOUNT_PATHS.signUp, { body: input }),
  checkUsername: (username: string) =>
    apiRequest<{ available: boolean }>(
      `${ACCOUNT_PATHS.checkUsername}?username=${encodeURIComponent(username)}`,
    ),
  forgotPassword: (email: string) =>
    apiRequest<{ message: string }>(ACCOUNT_PATHS.forgotPassword, { body: { email } }),
  resetPassword: (input: ResetPasswordInput) =>
    apiRequest<{ ok: true }>(ACCOUNT_PATHS.resetPassword, { body: input }),
  resendVerification: () => apiRequest<{ ok: true }>(ACCOUNT_PATHS.resendVerification, { method: "POST" }),
  signOut: () => apiRequest<{ ok: true }>(ACCOUNT_PATHS.signOut, { method: "POST" }),
};
