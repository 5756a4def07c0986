import { PASSWORD_MIN_LENGTH } from "@heartline/shared";

/** Shown under every new-password field before the first error (issue #14). */
export const NEW_PASSWORD_RULES = `At least ${PASSWORD_MIN_LENGTH} characters, and not one of the most common passwords.`;
