import { readFileSync } from "node:fs";
import { PASSWORD_MAX_LENGTH, VALIDATION_MESSAGES } from "@heartline/shared";
import { AppError } from "../../errors/app-error";

/**
 * The 10,000 most common passwords of 6 or more characters (issue #14), lower-cased, most common first:
 * `common-passwords.txt`, taken from the ranked `passwords-common` list of @zxcvbn-ts/language-common
 * 4.1.3 (MIT). Checked on the server only (sign-up, upgrade, reset, change), so the web bundle stays
 * small; the spec's 6-character minimum is unchanged.
 */
export const COMMON_PASSWORDS_FILE = new URL("./common-passwords.txt", import.meta.url);

let common: Set<string> | undefined;

function commonPasswords(): Set<string> {
  common ??= new Set(
    readFileSync(COMMON_PASSWORDS_FILE, "utf8")
      .split("\n")
      .filter((line) => line.length > 0),
  );
  return common;
}

/** True for one of the listed passwords, whatever its case. */
export function isCommonPassword(password: string): boolean {
  return password.length <= PASSWORD_MAX_LENGTH && commonPasswords().has(password.toLowerCase());
}

/** Refuses a common password with `bad_request` and the text. */
export function assertUncommonPassword(password: string): void {
  if (isCommonPassword(password)) throw new AppError("bad_request", VALIDATION_MESSAGES.passwordTooCommon);
}
