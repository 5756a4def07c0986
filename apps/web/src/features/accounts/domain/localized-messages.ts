import {
  AUTH_ERROR_MESSAGES,
  FORGOT_PASSWORD_MESSAGES,
  GROUP_CHAT_MESSAGES,
  HUMAN_VERIFICATION_MESSAGES,
  RESEND_VERIFICATION_MESSAGES,
  SIGN_IN_MESSAGES,
  SIGN_UP_UNKNOWN_ERROR,
  UPGRADE_VERIFY_EMAIL_MESSAGE,
  VALIDATION_MESSAGES,
} from "@heartline/shared";
import type { MessageId } from "../../../lib/i18n/catalogs";
import { translate } from "../../../lib/i18n/i18n";

/**
 * Issue #39: the account flows' texts of spec §5 and §8 keep their English in packages/shared (the
 * server answers with them, the forms' schemas word them, the tests read them); the browser shows each
 * one in the visitor's language. Keyed by the English text, so a message chosen from a code and the
 * same message sent by the server read the same.
 */
const IDS: ReadonlyMap<string, MessageId> = new Map<string, MessageId>([
  [AUTH_ERROR_MESSAGES["invalid-credential"], "errors.auth.invalidCredential"],
  [AUTH_ERROR_MESSAGES["invalid-email"], "errors.auth.invalidEmail"],
  [AUTH_ERROR_MESSAGES["user-disabled"], "errors.auth.userDisabled"],
  [AUTH_ERROR_MESSAGES["too-many-requests"], "errors.auth.tooManyRequests"],
  [AUTH_ERROR_MESSAGES["network-request-failed"], "errors.auth.networkRequestFailed"],
  [AUTH_ERROR_MESSAGES["email-already-in-use"], "errors.auth.emailAlreadyInUse"],
  [AUTH_ERROR_MESSAGES["weak-password"], "errors.auth.weakPassword"],
  [AUTH_ERROR_MESSAGES["operation-not-allowed"], "errors.auth.operationNotAllowed"],
  [AUTH_ERROR_MESSAGES.default, "errors.auth.default"],
  [SIGN_IN_MESSAGES.fallback, "errors.signIn.fallback"],
  [SIGN_IN_MESSAGES.invalidCredentials, "errors.signIn.invalidCredentials"],
  [SIGN_UP_UNKNOWN_ERROR, "errors.signUp.unknown"],
  [UPGRADE_VERIFY_EMAIL_MESSAGE, "errors.upgradeVerifyEmail"],
  [FORGOT_PASSWORD_MESSAGES.success, "errors.forgot.success"],
  [FORGOT_PASSWORD_MESSAGES.userNotFound, "errors.forgot.userNotFound"],
  [FORGOT_PASSWORD_MESSAGES.invalidEmail, "errors.forgot.invalidEmail"],
  [FORGOT_PASSWORD_MESSAGES.tooManyRequests, "errors.forgot.tooManyRequests"],
  [HUMAN_VERIFICATION_MESSAGES.failed, "errors.human.failed"],
  [HUMAN_VERIFICATION_MESSAGES.genericFailure, "errors.human.genericFailure"],
  [HUMAN_VERIFICATION_MESSAGES.guestCreationFailed, "errors.human.guestCreationFailed"],
  [HUMAN_VERIFICATION_MESSAGES.tooManyChallenges, "errors.human.tooManyChallenges"],
  [RESEND_VERIFICATION_MESSAGES.tooManyRequests, "errors.resend.tooManyRequests"],
  [RESEND_VERIFICATION_MESSAGES.sessionExpired, "errors.resend.sessionExpired"],
  [RESEND_VERIFICATION_MESSAGES.failed, "errors.resend.failed"],
  [RESEND_VERIFICATION_MESSAGES.sent, "errors.resend.sent"],
  [GROUP_CHAT_MESSAGES.verifyEmail, "errors.groupChat.verifyEmail"],
  [VALIDATION_MESSAGES.emailRequired, "errors.validation.emailRequired"],
  [VALIDATION_MESSAGES.emailInvalid, "errors.validation.emailInvalid"],
  [VALIDATION_MESSAGES.passwordRequired, "errors.validation.passwordRequired"],
  [VALIDATION_MESSAGES.passwordTooShort, "errors.validation.passwordTooShort"],
  [VALIDATION_MESSAGES.signUpPasswordTooShort, "errors.validation.signUpPasswordTooShort"],
  [VALIDATION_MESSAGES.passwordTooLong, "errors.validation.passwordTooLong"],
  [VALIDATION_MESSAGES.usernameRequired, "errors.validation.usernameRequired"],
  [VALIDATION_MESSAGES.usernameTooShort, "errors.validation.usernameTooShort"],
  [VALIDATION_MESSAGES.usernameTooLong, "errors.validation.usernameTooLong"],
  [VALIDATION_MESSAGES.usernameCharset, "errors.validation.usernameCharset"],
  [VALIDATION_MESSAGES.usernameTaken, "errors.validation.usernameTaken"],
  [VALIDATION_MESSAGES.dobRequired, "errors.validation.dobRequired"],
  [VALIDATION_MESSAGES.underAge, "errors.validation.underAge"],
  [VALIDATION_MESSAGES.genderRequired, "errors.validation.genderRequired"],
  [VALIDATION_MESSAGES.conversionVerifyEmail, "errors.validation.conversionVerifyEmail"],
  [VALIDATION_MESSAGES.conversionTooManyAttempts, "errors.validation.conversionTooManyAttempts"],
  [VALIDATION_MESSAGES.dobTooOld, "errors.validation.dobTooOld"],
  [VALIDATION_MESSAGES.usernameReserved, "errors.validation.usernameReserved"],
  [VALIDATION_MESSAGES.usernameLookAlike, "errors.validation.usernameLookAlike"],
  [VALIDATION_MESSAGES.passwordTooCommon, "errors.validation.passwordTooCommon"],
]);

/** `text` in the active language when it is one of the shared account texts; any other text as it is. */
export function localizedMessage<Text extends string | null | undefined>(text: Text): Text {
  const id = text ? IDS.get(text) : undefined;
  return (id ? translate(id) : text) as Text;
}
