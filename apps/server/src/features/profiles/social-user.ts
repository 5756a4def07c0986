import { DISPLAY_NAME_FALLBACKS, type SocialUser } from "@heartline/shared";
import { toAccountUser, type UserRow } from "../accounts/index";
import { publicName } from "./public-name";

/**
 * The other person in a friends list, a request or a conversation. spec §3/§4: a deleted account shows
 * as 'Deleted User' and nothing else.
 */
export function toSocialUser(row: UserRow): SocialUser {
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
    gender: toAccountUser(row).gender,
    isDeleted: false,
  };
}
