/** The friends feature's public entry: other features and the composition root import only this. */
export { countFriends } from "./friend-store";
export { type CreateFriendsOptions, createFriends, FRIEND_REQUEST_RATE_LIMIT, type Friends } from "./friends";
