import { AUTH_ERROR_MESSAGES, SIGN_UP_UNKNOWN_ERROR, VALIDATION_MESSAGES } from "@heartline/shared";
import { APIError } from "better-auth/api";
import { AppError } from "../../errors/app-error";

/**
 * Better Auth's error codes to spec §8's texts (one place, STYLE Code). Anything unknown keeps
 * its status but shows the given fallback, never Better Auth's internal wording.
 */
const BY_CODE: Readonly<Record<string, { code: AppError["code"]; message: string }>> = {
  INVALID_EMAIL_OR_PASSWORD: { code: "unauthorized", message: AUTH_ERROR_MESSAGES["invalid-credential"] },
  INVALID_PASSWORD: { code: "unauthorized", message: AUTH_ERROR_MESSAGES["wrong-password"] },
  USER_NOT_FOUND: { code: "unauthorized", message: AUTH_ERROR_MESSAGES["user-not-found"] },
  CREDENTIAL_ACCOUNT_NOT_FOUND: { code: "unauthorized", message: AUTH_ERROR_MESSAGES["invalid-credential"] },
  INVALID_EMAIL: { code: "bad_request", message: AUTH_ERROR_MESSAGES["invalid-email"] },
  BANNED_USER: { code: "forbidden", message: AUTH_ERROR_MESSAGES["user-disabled"] },
  USER_ALREADY_EXISTS: { code: "conflict", message: AUTH_ERROR_MESSAGES["email-already-in-use"] },
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: {
    code: "conflict",
    message: AUTH_ERROR_MESSAGES["email-already-in-use"],
  },
  PASSWORD_TOO_SHORT: { code: "bad_request", message: AUTH_ERROR_MESSAGES["weak-password"] },
  PASSWORD_TOO_LONG: { code: "bad_request", message: VALIDATION_MESSAGES.passwordTooLong },
  USERNAME_IS_ALREADY_TAKEN: {
    code: "conflict",
    message: "This username is already taken. Please choose another one.",
  },
  INVALID_TOKEN: {
    code: "bad_request",
    message: "This link is invalid or has expired. Please request a new one.",
  },
  TOKEN_EXPIRED: {
    code: "bad_request",
    message: "This link is invalid or has expired. Please request a new one.",
  },
};

/**
 * Better Auth's errors, including the request validation errors better-call throws from its own copy
 * of the class (`instanceof APIError` misses those, and their wording would reach the client).
 */
export function isBetterAuthError(error: unknown): error is APIError {
  if (error instanceof APIError) return true;
  return (
    error instanceof Error &&
    error.name === "APIError" &&
    "statusCode" in error &&
    typeof error.statusCode === "number"
  );
}

/** better-call refused the request body; only an e-mail refusal has a §8 text of its own. */
function validationErrorOf(error: APIError): AppError | undefined {
  if (error.body?.code !== "VALIDATION_ERROR") return undefined;
  const isEmail = typeof error.body.message === "string" && error.body.message.startsWith("[body.email]");
  return isEmail ? new AppError("bad_request", AUTH_ERROR_MESSAGES["invalid-email"]) : undefined;
}

/** Rethrows a Better Auth error as an `AppError` with spec §8's text; other errors pass unchanged. */
export function toAppError(error: unknown, fallback: string = SIGN_UP_UNKNOWN_ERROR): unknown {
  if (!isBetterAuthError(error)) return error;
  const code = typeof error.body?.code === "string" ? error.body.code : "";
  const known = Object.hasOwn(BY_CODE, code) ? BY_CODE[code] : undefined;
  if (known) return new AppError(known.code, known.message);
  const invalidInput = validationErrorOf(error);
  if (invalidInput) return invalidInput;
  const status = error.statusCode;
  if (status === 401) return new AppError("unauthorized", fallback);
  if (status === 403) return new AppError("forbidden", fallback);
  if (status === 429) return new AppError("rate_limited", AUTH_ERROR_MESSAGES["too-many-requests"]);
  return status >= 400 && status < 500 ? new AppError("bad_request", fallback) : error;
}
