/**
 * What several features read of people and pairs, below all of them (docs/architecture.md): the user
 * row, the public person view, and the friendship and block SQL of a pair. It imports no feature.
 */
export { type BlockRelation, blockRelation, isBlockedEitherWay } from "./block-relation";
export { findPersonById } from "./find-person";
export { areFriends, lockedFriendshipSql } from "./friendship-sql";
export { publicName } from "./public-name";
export { SOCIAL_USER_COLUMNS, type SocialUserRow, toSocialUser } from "./social-user";
export { isGender, type UserRow } from "./user-row";
