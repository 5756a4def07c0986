import { PASSWORD_MIN_LENGTH } from "@heartline/shared";
import { translate } from "../../../lib/i18n/i18n";

/** Shown under every new-password field before the first error (issue #14), in English (the tests read it). */
export const NEW_PASSWORD_RULES = `At least ${PASSWORD_MIN_LENGTH} characters, and not one of the most common passwords.`;

/** NEW_PASSWORD_RULES in the active language (issue #39). */
export function newPasswordRules(): string {
  return translate("accounts.passwordRules", { min: PASSWORD_MIN_LENGTH });
}
