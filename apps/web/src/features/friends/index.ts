/**
 * The friends feature's public entry: what the group chat layout, the people list, profiles and
 * conversations need. Re-exports only (vite marks feature entries side-effect free).
 */
export { friendsKeys, friendsQuery } from "../../lib/friends-query";
export { useFriendRequests, usePendingRequestCount } from "./api/use-friend-requests";
export { useFriends } from "./api/use-friends";
export { AddFriendButton } from "./components/add-friend-button";
export { AddFriendDialog } from "./components/add-friend-dialog";
export { FriendshipAction } from "./components/friendship-action";
export { RegisteredOnlyNotice } from "./components/registered-only-notice";
export { useFriendsEvents } from "./hooks/use-friends-events";
export { type Friendship, useFriendship } from "./hooks/use-friendship";
export { useAddFriendDialogStore } from "./state/add-friend-dialog-store";
