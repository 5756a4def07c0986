import { z } from "zod";
import {
  EMAIL_MAX_LENGTH,
  MAX_AGE_YEARS,
  MIN_AGE_YEARS,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USER_ID_MAX_LENGTH,
  USER_ID_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
} from "../constants";
import { isAtLeastAge, parseIsoDate } from "../domain/age";
import { GENDERS } from "../domain/gender";
import { isReservedUsername } from "../domain/username-skeleton";
import { boundedString } from "./bounded-string";
import { VALIDATION_MESSAGES as M } from "./messages";

/**
 * A required field of at most `max` characters: the cap runs first and aborts (nothing else reads an
 * over-long input), then an empty value aborts with only 'X is required' (spec §5 gives one message).
 */
const required = (message: string, max: number, tooLong: string) =>
  boundedString(max, { invalidType: message, tooLong }).min(1, { error: message, abort: true });

/**
 * spec §5 E-mail: required, simple {email} shape: something without spaces or `@`, an `@`, then a domain
 * with a dot that is neither its first nor its last character. Written so that it cannot backtrack: the
 * domain's first character, then non-dots up to the first dot, then the rest (the old
 * `[^\s@]+\.[^\s@]+` let the two runs share the dots, quadratic on `a@a.a.a.…@`). Same language.
 * Longer than 254 characters is not a valid address either (RFC 5321), so it gets the same message.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@][^\s@.]*\.[^\s@]+$/;
export const emailSchema = required(M.emailRequired, EMAIL_MAX_LENGTH, M.emailInvalid).regex(
  EMAIL_PATTERN,
  M.emailInvalid,
);

/** spec §5 Password: required, at least 6 characters; at most 128 (the auth library's limit). */
export const passwordSchema = required(M.passwordRequired, PASSWORD_MAX_LENGTH, M.passwordTooLong).min(
  PASSWORD_MIN_LENGTH,
  M.passwordTooShort,
);

/** spec §5 The sign-up form's password wording ('…at least 6 characters'); the same maximum. */
export const signUpPasswordSchema = required(M.passwordRequired, PASSWORD_MAX_LENGTH, M.passwordTooLong).min(
  PASSWORD_MIN_LENGTH,
  M.signUpPasswordTooShort,
);

/** spec §5 Username: 3–20 letters, digits, underscores, hyphens; exactly 20 passes. */
export const USERNAME_PATTERN = /^[A-Za-z0-9_-]+$/;
export const usernameSchema = required(M.usernameRequired, USERNAME_MAX_LENGTH, M.usernameTooLong)
  .min(USERNAME_MIN_LENGTH, M.usernameTooShort)
  .regex(USERNAME_PATTERN, M.usernameCharset);

/**
 * A name a new guest or account may take: a valid username that is not reserved (issue #14: 'admin',
 * 'st4ff', 'heartline_team'). Lookups by name (friend requests) keep `usernameSchema`, so existing
 * names stay reachable; the server also refuses names that look like an existing user's.
 */
export const newUsernameSchema = usernameSchema.refine(
  (name) => !isReservedUsername(name),
  M.usernameReserved,
);

/**
 * Longest date-of-birth input read: an ISO date-time with offset and fractional seconds plus some
 * padding. A longer one cannot be a date, so it is answered like any unreadable date ('…is required').
 */
export const DATE_OF_BIRTH_MAX_LENGTH = 64;

/**
 * spec §5 Date of birth as an ISO date (`YYYY-MM-DD`): required, age at least 18. `now` is read at
 * parse time so a long-lived schema stays correct across midnight; tests pass a fixed clock.
 */
export function makeDateOfBirthSchema(now: () => Date = () => new Date()) {
  return (
    boundedString(DATE_OF_BIRTH_MAX_LENGTH, { invalidType: M.dobRequired, tooLong: M.dobRequired })
      .trim()
      // A browser date input yields '' for an incomplete date, so an unreadable date counts as missing.
      .refine((value) => parseIsoDate(value) !== null, { error: M.dobRequired, abort: true })
      .refine((value) => isAtLeastAge(value, MIN_AGE_YEARS, now()), { error: M.underAge, abort: true })
      .refine((value) => !isAtLeastAge(value, MAX_AGE_YEARS + 1, now()), { error: M.dobTooOld })
  );
}
export const dateOfBirthSchema = makeDateOfBirthSchema();

/** spec §5 Gender: required, one of the four options. */
export const genderSchema = z.enum(GENDERS, { error: M.genderRequired });

/** spec §5 User id format: 20 to 28 alphanumeric characters. */
export const USER_ID_PATTERN = new RegExp(`^[A-Za-z0-9]{${USER_ID_MIN_LENGTH},${USER_ID_MAX_LENGTH}}$`);
export const userIdSchema = boundedString(USER_ID_MAX_LENGTH, {
  invalidType: M.userIdInvalid,
  tooLong: M.userIdInvalid,
}).regex(USER_ID_PATTERN, M.userIdInvalid);

/** spec §5 Forgot password: e-mail required and valid shape. */
export const forgotPasswordSchema = z.object({ email: emailSchema });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

/** spec §4 Sign-in form. */
export const signInSchema = z.object({ email: emailSchema, password: passwordSchema });
export type SignInInput = z.infer<typeof signInSchema>;

/** spec §2 Guest 'Join Chat Room' form. */
export const guestSchema = z.object({
  username: newUsernameSchema,
  dob: dateOfBirthSchema,
  gender: genderSchema,
});
export type GuestInput = z.infer<typeof guestSchema>;

/** spec §2/§4 Create Account form (also 'Complete Your Account' when a guest upgrades). */
export const signUpSchema = z.object({
  username: newUsernameSchema,
  email: emailSchema,
  password: signUpPasswordSchema,
  dob: dateOfBirthSchema,
  gender: genderSchema,
});
export type SignUpInput = z.infer<typeof signUpSchema>;

/** Builds the guest and sign-up schemas against a fixed clock (tests, server-side time zones). */
export function makeAccountSchemas(now: () => Date) {
  const dob = makeDateOfBirthSchema(now);
  return {
    guestSchema: guestSchema.extend({ dob }),
    signUpSchema: signUpSchema.extend({ dob }),
  };
}
