import { USERNAME_PATTERN } from "./account";

const DISPLAY_NAME_MIN = 3;
const DISPLAY_NAME_MAX = 20;

export interface NamedUser {
  displayUsername: string | null;
  /** The username plugin's key: the username in lower case. */
  username: string | null;
}

/**
 * spec §5 Username applied to the name people see: a display name is valid when it is a valid
 * username (3-20 letters, digits, '_' or '-') and is the user's own username in another case, so
 * nobody can show someone else's name.
 */
export function isValidDisplayName(user: NamedUser): user is NamedUser & { displayUsername: string } {
  const name = user.displayUsername;
  if (!name || name.length < DISPLAY_NAME_MIN || name.length > DISPLAY_NAME_MAX) return false;
  return USERNAME_PATTERN.test(name) && name.toLowerCase() === user.username;
}

/**
 * The name to show for a user: the display name when valid, else the username, else `fallback`
 * (a user without a valid username, e.g. a raw anonymous sign-in, shows no name of its own).
 */
export function safeDisplayName(user: NamedUser, fallback: string): string {
  if (isValidDisplayName(user)) return user.displayUsername;
  const key = user.username;
  const isValidKey =
    !!key && key.length >= DISPLAY_NAME_MIN && key.length <= DISPLAY_NAME_MAX && USERNAME_PATTERN.test(key);
  return isValidKey ? key : fallback;
}
