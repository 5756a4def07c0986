/**
 * Every message of spec §5, spelled exactly as the spec writes it. Templates keep their `{id}`
 * placeholder here; fill them with the functions below.
 */
export const VALIDATION_MESSAGES = {
  emailRequired: "Email is required",
  emailInvalid: "Please enter a valid email address",
  passwordRequired: "Password is required",
  passwordTooShort: "Password must be at least 6 characters long",
  /** The sign-up form's wording (spec §5). */
  signUpPasswordTooShort: "Password must be at least 6 characters",
  /** Not in the spec: the auth library's limit (PASSWORD_MAX_LENGTH), worded like the minimum. */
  passwordTooLong: "Password must be at most 128 characters long",
  usernameRequired: "Username is required",
  usernameTooShort: "Username must be at least 3 characters long",
  /** The check rejects above 20; the message says "less than 20" (spec §5 keeps both). */
  usernameTooLong: "Username must be less than 20 characters long",
  usernameCharset: "Username can only contain letters, numbers, underscores, and hyphens",
  usernameTaken: "This username is already taken. Please choose another one.",
  dobRequired: "Date of birth is required",
  underAge: "You must be at least 18 years old",
  genderRequired: "Please select a gender option",
  userIdInvalid: "Invalid user ID format. Please try again or contact support.",
  conversionVerifyEmail: "Please verify your email address before proceeding.",
  conversionTooManyAttempts: "Too many account conversion attempts. Please contact support.",
  uploadInvalidType: "Invalid file type. Only JPG, PNG, GIF, and WebP are allowed.",
  uploadTooLarge: "File size exceeds 5MB limit",
  uploadUnauthenticated: "User must be authenticated to upload files",
  authenticationRequired: "Authentication required",
  userDeleted: "User with ID {id} has deleted their account",
  userNotFound: "User with ID {id} does not exist",
  groupChatVerifyEmail: "Please verify your email before joining the group chat.",
  /** Not in the spec (issue #14): a date of birth more than `MAX_AGE_YEARS` ago. */
  dobTooOld: "Please enter your real date of birth",
  /** Not in the spec (issue #14): a name that reads as speaking for the site. */
  usernameReserved: "This username is reserved. Please choose another one.",
  /** Not in the spec (issue #14): a name that reads like an existing user's. */
  usernameLookAlike: "This username looks too much like another user's. Please choose another one.",
  /** Not in the spec (issue #14): one of the 10,000 most common passwords. */
  passwordTooCommon: "This password is one of the most common ones. Please choose another.",
} as const;

export type ValidationMessageKey = keyof typeof VALIDATION_MESSAGES;

/** spec §5 Starting a conversation with a partner who deleted their account. */
export function userDeletedMessage(id: string): string {
  return VALIDATION_MESSAGES.userDeleted.replace("{id}", id);
}

/** spec §5 Starting a conversation with a partner who does not exist. */
export function userNotFoundMessage(id: string): string {
  return VALIDATION_MESSAGES.userNotFound.replace("{id}", id);
}
