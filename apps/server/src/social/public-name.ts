import { DISPLAY_NAME_FALLBACKS, safeDisplayName } from "@heartline/shared";
import type { UserRow } from "./user-row";

/**
 * The name other people see for a user, validated like a username (spec §5): the display name only
 * when it is the user's own username in another case, else the username, else 'Anonymous'. Whatever
 * reached the row (Better Auth's update-user, an old row), nobody shows another's name or a megabyte.
 */
export function publicName(row: Pick<UserRow, "displayUsername" | "username">): string {
  return safeDisplayName(row, DISPLAY_NAME_FALLBACKS.anonymous);
}
