/**
 * Look-alike usernames (issue #14). Usernames are ASCII letters, digits, `_` and `-` (spec §5), so the
 * confusable characters are few: case, the separators, digits that read as letters and the letter pairs
 * that read as one letter. Two names with the same skeleton look alike to a reader; a new name whose
 * skeleton is an existing user's or a reserved word's is refused. The server computes the same skeleton
 * in SQL (`USERNAME_SKELETON_SQL_STEPS`), so the two must change together.
 */

/** Letter pairs that read as one letter, replaced in this order. */
export const SKELETON_PAIRS = [
  ["rn", "m"],
  ["vv", "w"],
] as const;
/** Single characters that read as another, position by position. */
export const SKELETON_FROM = "013457i";
export const SKELETON_TO = "oleastl";

/** lower case, no separators, pairs folded, confusable digits and letters mapped. */
export function usernameSkeleton(name: string): string {
  let skeleton = name.slice(0, 64).toLowerCase().replace(/[_-]/g, "");
  for (const [pair, letter] of SKELETON_PAIRS) skeleton = skeleton.split(pair).join(letter);
  let out = "";
  for (const char of skeleton) {
    const at = SKELETON_FROM.indexOf(char);
    out += at === -1 ? char : SKELETON_TO[at];
  }
  return out;
}

/** Names nobody may take, because people would read them as speaking for Heartline. */
export const RESERVED_USERNAMES = [
  "admin",
  "administrator",
  "mod",
  "moderator",
  "moderators",
  "staff",
  "support",
  "system",
  "official",
  "heartline",
  "root",
  "owner",
  "security",
  "help",
  "helpdesk",
  "team",
  "deleteduser",
  "anonymous",
  "null",
  "undefined",
] as const;

/** The site's own name, refused anywhere inside a name ('heartline_help', 'HeartLine-Team'). */
const SITE_NAME = usernameSkeleton("heartline");
const RESERVED_WHOLE = new Set(RESERVED_USERNAMES.map(usernameSkeleton));

/**
 * A reserved name, read as people read it: the whole name looks like a reserved word ('Adm1n', 'st4ff',
 * 'S-Y-S-T-E-M'), also with a number after it ('admin_2', 'support99'), or it carries the site's name.
 */
export function isReservedUsername(name: string): boolean {
  const bounded = name.slice(0, 64);
  let end = bounded.length;
  while (end > 0 && "0123456789_-".includes(bounded.charAt(end - 1))) end -= 1;
  const withoutNumber = bounded.slice(0, end);
  if (RESERVED_WHOLE.has(usernameSkeleton(bounded)) || RESERVED_WHOLE.has(usernameSkeleton(withoutNumber))) {
    return true;
  }
  return usernameSkeleton(bounded).includes(SITE_NAME);
}
