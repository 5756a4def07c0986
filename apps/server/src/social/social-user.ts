import { DISPLAY_NAME_FALLBACKS, type SocialUser } from "@heartline/shared";
import { user } from "../db/schema";
import { publicName } from "./public-name";
import { isGender, type UserRow } from "./user-row";

/**
 * The other person in a friends list, a request or a conversation. spec §3/§4: a deleted account shows
 * as 'Deleted User' and nothing else.
 */
/** The columns `toSocialUser` reads: a list of many people selects only these (bench B5). */
export const SOCIAL_USER_COLUMNS = {
  id: user.id,
  username: user.username,
  displayUsername: user.displayUsername,
  profileImage: user.profileImage,
  gender: user.gender,
  isDeleted: user.isDeleted,
};

export type SocialUserRow = Pick<UserRow, keyof typeof SOCIAL_USER_COLUMNS>;

export function toSocialUser(row: SocialUserRow): SocialUser {
  if (row.isDeleted) {
    return {
      id: row.id,
      username: DISPLAY_NAME_FALLBACKS.deletedUser,
      profileImage: null,
      gender: null,
      isDeleted: true,
    };
  }
  return {
    id: row.id,
    username: publicName(row),
    profileImage: row.profileImage,
    gender: isGender(row.gender) ? row.gender : null,
    isDeleted: false,
  };
}
