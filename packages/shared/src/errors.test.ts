import { describe, expect, it } from "vitest";
import {
  API_ERROR_CODES,
  API_ERROR_MESSAGES,
  API_ERROR_STATUS,
  AUTH_ERROR_MESSAGES,
  authErrorMessage,
  bannedByMessage,
  FORGOT_PASSWORD_MESSAGES,
  GROUP_CHAT_MESSAGES,
  isApiErrorCode,
  ROOT_ELEMENT_MISSING_MESSAGE,
  unbannedByMessage,
  userUnbannedMessage,
} from "./errors";

describe("authErrorMessage (spec §8)", () => {
  const invalid = "Invalid email or password. Please check your credentials and try again.";
  it.each([
    ["invalid-credential", invalid],
    ["wrong-password", invalid],
    ["user-not-found", invalid],
    ["invalid-email", "Please enter a valid email address."],
    ["user-disabled", "This account has been disabled. Please contact support."],
    ["too-many-requests", "Too many failed attempts. Please try again later."],
    ["network-request-failed", "Network error. Please check your internet connection."],
    ["email-already-in-use", "An account with this email already exists."],
    ["weak-password", "Password must be at least 6 characters long."],
    ["operation-not-allowed", "Email/password sign-in is not enabled. Please contact support."],
  ])("%s → its message", (code, message) => {
    expect(authErrorMessage(code)).toBe(message);
    expect(authErrorMessage(`auth/${code}`)).toBe(message);
  });

  it("falls back to the default for unknown, empty or inherited codes", () => {
    const fallback = "An error occurred during authentication. Please try again.";
    for (const code of ["something-else", "", null, undefined, "toString", "default", "auth/"]) {
      expect(authErrorMessage(code)).toBe(fallback);
    }
  });

  it("maps exactly the ten spec codes plus default", () => {
    expect(Object.keys(AUTH_ERROR_MESSAGES)).toHaveLength(11);
  });
});

describe("templated ban messages (spec §8)", () => {
  it("fill in the admin and the username", () => {
    expect(bannedByMessage("Mod_Ann")).toBe("You have been banned from the group chat by Mod_Ann.");
    expect(unbannedByMessage("Mod_Ann")).toBe("You have been unbanned from the group chat by Mod_Ann.");
    expect(userUnbannedMessage("owl")).toBe("owl has been unbanned");
  });

  it("keep the plain texts exact", () => {
    expect(GROUP_CHAT_MESSAGES.banned).toBe("You have been banned from the group chat.");
    expect(GROUP_CHAT_MESSAGES.verifyEmail).toBe("Please verify your email before joining the group chat.");
    expect(FORGOT_PASSWORD_MESSAGES.success).toBe("Password reset email sent. Please check your inbox.");
    expect(ROOT_ELEMENT_MISSING_MESSAGE).toBe("Failed to find the root element");
  });
});

describe("API error codes", () => {
  it("each code has a message and an HTTP status", () => {
    expect(API_ERROR_CODES).toEqual([
      "bad_request",
      "unauthorized",
      "forbidden",
      "not_found",
      "rate_limited",
      "conflict",
      "age_confirmation_required",
      "internal",
      "automod_blocked",
      "busy",
    ]);
    for (const code of API_ERROR_CODES) {
      expect(API_ERROR_MESSAGES[code].length).toBeGreaterThan(0);
      expect(API_ERROR_STATUS[code]).toBeGreaterThanOrEqual(400);
    }
    expect(API_ERROR_STATUS.rate_limited).toBe(429);
    expect(API_ERROR_MESSAGES.unauthorized).toBe("Authentication required");
  });

  it("isApiErrorCode narrows known codes only", () => {
    expect(isApiErrorCode("conflict")).toBe(true);
    expect(isApiErrorCode("teapot")).toBe(false);
    expect(isApiErrorCode(404)).toBe(false);
  });
});
