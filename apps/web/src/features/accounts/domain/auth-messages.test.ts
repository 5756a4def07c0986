import { ACCOUNT_PATHS } from "@heartline/shared";
import { describe, expect, it } from "vitest";
import { MY_PROFILE_PATH } from "../api/use-save-account-locale";
import { SESSION_PATH } from "../api/use-session";
import { accountUser } from "../test/account-fixtures";
import { isBlockedFromGroupChat, needsEmailVerification } from "./account-status";
import {
  forgotPasswordErrorMessage,
  guestErrorMessage,
  humanCheckErrorMessage,
  signInErrorMessage,
  signUpErrorMessage,
} from "./auth-messages";

const failed = (status: number, code: string | null = null, message: string | null = null) => ({
  status,
  code,
  message,
});

describe("§8 texts for failed account requests", () => {
  it("sign-in: auth codes, the 'Invalid email or password' pair, network, rate limit and fallback", () => {
    expect(signInErrorMessage(failed(401, "auth/wrong-password"))).toBe("Invalid email or password");
    expect(signInErrorMessage(failed(401, "USER_NOT_FOUND"))).toBe("Invalid email or password");
    expect(signInErrorMessage(failed(403, "user-disabled"))).toBe(
      "This account has been disabled. Please contact support.",
    );
    expect(signInErrorMessage(failed(0, "network-request-failed"))).toBe(
      "Network error. Please check your internet connection.",
    );
    expect(signInErrorMessage(failed(429, "rate_limited"))).toBe(
      "Too many failed attempts. Please try again later.",
    );
    expect(signInErrorMessage(failed(500))).toBe("An error occurred during sign in");
  });

  it("sign-up: auth codes, the server's message, else 'An unexpected error occurred'", () => {
    expect(signUpErrorMessage(failed(400, "weak-password"))).toBe(
      "Password must be at least 6 characters long.",
    );
    expect(signUpErrorMessage(failed(400, "bad_request", "Too many account conversion attempts."))).toBe(
      "Too many account conversion attempts.",
    );
    expect(signUpErrorMessage(failed(500))).toBe("An unexpected error occurred");
  });

  it("guest, forgot password and the human check", () => {
    expect(guestErrorMessage(failed(500))).toBe("Failed to create guest account");
    expect(forgotPasswordErrorMessage(failed(400, "invalid-email"))).toBe("Invalid email address format.");
    expect(forgotPasswordErrorMessage(failed(404, "user-not-found"))).toBe(
      "No account found with this email address.",
    );
    expect(humanCheckErrorMessage(failed(400, "bad_request", "Challenge already used."))).toBe(
      "Challenge already used.",
    );
    expect(humanCheckErrorMessage(failed(400))).toBe("Human verification failed. Please try again.");
  });
});

describe("account status (spec §4)", () => {
  it("an unverified e-mail account waits for verification and is kept out of the group chat; guests pass", () => {
    expect(needsEmailVerification(accountUser({ emailVerified: false }))).toBe(true);
    expect(isBlockedFromGroupChat(accountUser({ emailVerified: false }))).toBe(true);
    expect(isBlockedFromGroupChat(accountUser({ isGuest: true, email: null, emailVerified: false }))).toBe(
      false,
    );
    const upgrading = accountUser({
      isGuest: true,
      email: null,
      emailVerified: false,
      conversionRequestedAt: 1,
    });
    expect(needsEmailVerification(upgrading)).toBe(true);
    expect(isBlockedFromGroupChat(upgrading)).toBe(false);
  });

  it("the session path spelled out in use-session is the contract's", () => {
    expect(SESSION_PATH).toBe(ACCOUNT_PATHS.me);
    expect(MY_PROFILE_PATH).toBe(ACCOUNT_PATHS.myProfile);
  });
});
