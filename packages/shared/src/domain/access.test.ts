import { describe, expect, it } from "vitest";
import { conversionError, groupChatAccessError, isAuthenticatedUser, sameUsername } from "./access";

describe("isAuthenticatedUser (spec §4)", () => {
  it("needs a non-guest with a verified e-mail", () => {
    expect(isAuthenticatedUser({ isGuest: false, emailVerified: true })).toBe(true);
    expect(isAuthenticatedUser({ isGuest: true, emailVerified: true })).toBe(false);
    expect(isAuthenticatedUser({ isGuest: false, emailVerified: false })).toBe(false);
    expect(isAuthenticatedUser(null)).toBe(false);
    expect(isAuthenticatedUser(undefined)).toBe(false);
  });
});

describe("groupChatAccessError (spec §5)", () => {
  it("lets guests and verified users in and stops unverified accounts", () => {
    expect(groupChatAccessError({ isGuest: true, emailVerified: false })).toBeNull();
    expect(groupChatAccessError({ isGuest: false, emailVerified: true })).toBeNull();
    expect(groupChatAccessError({ isGuest: false, emailVerified: false, email: "a@b.co" })).toBe(
      "Please verify your email before joining the group chat.",
    );
  });
});

describe("conversionError (spec §5 account conversion)", () => {
  it("blocks an unverified non-guest", () => {
    expect(conversionError({ isGuest: false, emailVerified: false, conversionAttempts: 0 })).toBe(
      "Please verify your email address before proceeding.",
    );
  });

  it("allows up to 2 earlier attempts and blocks at 3 or more", () => {
    expect(conversionError({ isGuest: true, emailVerified: false })).toBeNull();
    expect(conversionError({ isGuest: true, emailVerified: false, conversionAttempts: null })).toBeNull();
    expect(conversionError({ isGuest: true, emailVerified: false, conversionAttempts: 2 })).toBeNull();
    for (const attempts of [3, 4]) {
      expect(conversionError({ isGuest: true, emailVerified: false, conversionAttempts: attempts })).toBe(
        "Too many account conversion attempts. Please contact support.",
      );
    }
  });
});

describe("sameUsername (spec §5 bans match case-insensitively)", () => {
  it("ignores case only", () => {
    expect(sameUsername("Night_Owl", "night_owl")).toBe(true);
    expect(sameUsername("night_owl", "night-owl")).toBe(false);
  });
});
