import { describe, expect, it } from "vitest";
import { conversionError, groupChatAccessError } from "../domain/access";
import {
  makeAccountSchemas,
  passwordSchema,
  signUpPasswordSchema,
  userIdSchema,
  usernameSchema,
} from "./account";
import {
  userDeletedMessage,
  userNotFoundMessage,
  VALIDATION_MESSAGES,
  type ValidationMessageKey,
} from "./messages";
import { checkImageUpload } from "./upload";

const NOW = new Date(2025, 5, 15);
const { guestSchema, signUpSchema } = makeAccountSchemas(() => NOW);

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

const validSignUp = {
  username: "night_owl",
  email: "owl@example.com",
  password: "secret1",
  dob: "2000-01-01",
  gender: "other",
};

/**
 * Every message of spec §5 with the literal text the spec writes and an input that produces it.
 * The expected texts are typed out here (not read from VALIDATION_MESSAGES) so a typo fails.
 */
const CASES: Record<ValidationMessageKey, { text: string; produce: () => string[] }> = {
  emailRequired: {
    text: "Email is required",
    produce: () => messagesOf(signUpSchema.safeParse({ ...validSignUp, email: "" })),
  },
  emailInvalid: {
    text: "Please enter a valid email address",
    produce: () => messagesOf(signUpSchema.safeParse({ ...validSignUp, email: "owl@example" })),
  },
  passwordRequired: { text: "Password is required", produce: () => messagesOf(passwordSchema.safeParse("")) },
  passwordTooShort: {
    text: "Password must be at least 6 characters long",
    produce: () => messagesOf(passwordSchema.safeParse("12345")),
  },
  signUpPasswordTooShort: {
    text: "Password must be at least 6 characters",
    produce: () => messagesOf(signUpPasswordSchema.safeParse("12345")),
  },
  passwordTooLong: {
    text: "Password must be at most 128 characters long",
    produce: () => messagesOf(signUpSchema.safeParse({ ...validSignUp, password: "p".repeat(129) })),
  },
  usernameRequired: { text: "Username is required", produce: () => messagesOf(usernameSchema.safeParse("")) },
  usernameTooShort: {
    text: "Username must be at least 3 characters long",
    produce: () => messagesOf(usernameSchema.safeParse("ab")),
  },
  usernameTooLong: {
    text: "Username must be less than 20 characters long",
    produce: () => messagesOf(usernameSchema.safeParse("a".repeat(21))),
  },
  usernameCharset: {
    text: "Username can only contain letters, numbers, underscores, and hyphens",
    produce: () => messagesOf(usernameSchema.safeParse("night owl")),
  },
  // Uniqueness needs the database: the server answers with this text (spec §5).
  usernameTaken: {
    text: "This username is already taken. Please choose another one.",
    produce: () => [VALIDATION_MESSAGES.usernameTaken],
  },
  dobRequired: {
    text: "Date of birth is required",
    produce: () => messagesOf(guestSchema.safeParse({ username: "owl", dob: "", gender: "male" })),
  },
  underAge: {
    text: "You must be at least 18 years old",
    produce: () => messagesOf(guestSchema.safeParse({ username: "owl", dob: "2007-06-16", gender: "male" })),
  },
  // Issue #14, not the spec: a real date of birth, reserved names, look-alike names, common passwords.
  dobTooOld: {
    text: "Please enter your real date of birth",
    produce: () => messagesOf(guestSchema.safeParse({ username: "owl", dob: "1850-01-01", gender: "male" })),
  },
  usernameReserved: {
    text: "This username is reserved. Please choose another one.",
    produce: () => messagesOf(signUpSchema.safeParse({ ...validSignUp, username: "Adm1n" })),
  },
  // The next two need the database and the password list: the server answers with them.
  usernameLookAlike: {
    text: "This username looks too much like another user's. Please choose another one.",
    produce: () => [VALIDATION_MESSAGES.usernameLookAlike],
  },
  passwordTooCommon: {
    text: "This password is one of the most common ones. Please choose another.",
    produce: () => [VALIDATION_MESSAGES.passwordTooCommon],
  },
  genderRequired: {
    text: "Please select a gender option",
    produce: () => messagesOf(guestSchema.safeParse({ username: "owl", dob: "2000-01-01", gender: "" })),
  },
  userIdInvalid: {
    text: "Invalid user ID format. Please try again or contact support.",
    produce: () => messagesOf(userIdSchema.safeParse("short")),
  },
  conversionVerifyEmail: {
    text: "Please verify your email address before proceeding.",
    produce: () => [conversionError({ isGuest: false, emailVerified: false }) ?? ""],
  },
  conversionTooManyAttempts: {
    text: "Too many account conversion attempts. Please contact support.",
    produce: () => [conversionError({ isGuest: true, emailVerified: false, conversionAttempts: 3 }) ?? ""],
  },
  uploadInvalidType: {
    text: "Invalid file type. Only JPG, PNG, GIF, and WebP are allowed.",
    produce: () => {
      const result = checkImageUpload({ type: "image/svg+xml", size: 10 });
      return result.ok ? [] : [result.message];
    },
  },
  uploadTooLarge: {
    text: "File size exceeds 5MB limit",
    produce: () => {
      const result = checkImageUpload({ type: "image/png", size: 5_242_881 });
      return result.ok ? [] : [result.message];
    },
  },
  // The next two are answered by the upload route when no session is present (spec §5).
  uploadUnauthenticated: {
    text: "User must be authenticated to upload files",
    produce: () => [VALIDATION_MESSAGES.uploadUnauthenticated],
  },
  authenticationRequired: {
    text: "Authentication required",
    produce: () => [VALIDATION_MESSAGES.authenticationRequired],
  },
  userDeleted: {
    text: "User with ID abcdefghijklmnopqrst has deleted their account",
    produce: () => [userDeletedMessage("abcdefghijklmnopqrst")],
  },
  userNotFound: {
    text: "User with ID abcdefghijklmnopqrst does not exist",
    produce: () => [userNotFoundMessage("abcdefghijklmnopqrst")],
  },
  groupChatVerifyEmail: {
    text: "Please verify your email before joining the group chat.",
    produce: () => [groupChatAccessError({ isGuest: false, emailVerified: false }) ?? ""],
  },
};

describe("spec §5 validation messages", () => {
  it("covers every message in VALIDATION_MESSAGES and nothing else", () => {
    expect(Object.keys(CASES).sort()).toEqual(Object.keys(VALIDATION_MESSAGES).sort());
    // The 24 texts of spec §5 and the 4 of issue #14.
    expect(Object.keys(VALIDATION_MESSAGES)).toHaveLength(28);
  });

  it.each(Object.entries(CASES))("%s: the input yields exactly the spec text", (_key, { text, produce }) => {
    expect(produce()[0]).toBe(text);
  });

  it("keeps the {id} placeholder in the templates", () => {
    expect(VALIDATION_MESSAGES.userDeleted).toBe("User with ID {id} has deleted their account");
    expect(VALIDATION_MESSAGES.userNotFound).toBe("User with ID {id} does not exist");
  });

  it("accepts a fully valid sign-up and reports each empty field once", () => {
    expect(signUpSchema.safeParse(validSignUp).success).toBe(true);
    const empty = messagesOf(
      signUpSchema.safeParse({ username: "", email: "", password: "", dob: "", gender: "" }),
    );
    expect(empty).toEqual([
      "Username is required",
      "Email is required",
      "Password is required",
      "Date of birth is required",
      "Please select a gender option",
    ]);
  });
});
