import type {
  FriendList,
  FriendRequestList,
  FriendRequestUpdatedPayload,
  FriendRequestView,
  FriendView,
  PresenceStatus,
} from "@heartline/shared";
import type { QueryClient } from "@tanstack/react-query";
import { friendsKeys } from "../../../lib/friends-query";
import { refetchAfterChange } from "../../../lib/refetch-after-change";
import { addFriend, addRequest, removeFriend, removeRequest, setFriendStatus } from "./friends-state";

export type FriendsEvent =
  | { type: "friend_request"; request: FriendRequestView }
  | { type: "friend_request_updated"; update: FriendRequestUpdatedPayload }
  | { type: "friend_added"; friend: FriendView }
  | { type: "user_status"; userId: string; status: PresenceStatus; now: number }
  /** Issue #38: their account is gone, and with it every request and friendship (server rule). */
  | { type: "user_deleted"; userId: string };

/** The one place the friends caches change from pushes and from our own mutations (STYLE). */
export function applyFriendsEvent(queryClient: QueryClient, event: FriendsEvent): void {
  const updateRequests = (change: (list: FriendRequestList) => FriendRequestList) =>
    queryClient.setQueryData<FriendRequestList>(friendsKeys.requests(), (list) =>
      list ? change(list) : list,
    );
  const updateFriends = (change: (list: FriendList) => FriendList) =>
    queryClient.setQueryData<FriendList>(friendsKeys.list(), (list) => (list ? change(list) : list));

  switch (event.type) {
    case "friend_request":
      updateRequests((list) => addRequest(list, event.request));
      // Also read it again: a load already in flight began before this request existed and would
      // overwrite the list without it (cancelled, then asked again).
      void refetchAfterChange(queryClient, friendsKeys.requests());
      return;
    case "friend_request_updated": {
      updateRequests((list) => removeRequest(list, event.update));
      if (event.update.status === "removed") updateFriends((list) => removeFriend(list, event.update.userId));
      // The new friend's presence and "since" come from the server.
      if (event.update.status === "accepted")
        void queryClient.invalidateQueries({ queryKey: friendsKeys.list() });
      return;
    }
    case "friend_added":
      updateFriends((list) => addFriend(list, event.friend));
      updateRequests((list) => ({
        incoming: list.incoming.filter((request) => request.user.id !== event.friend.id),
        outgoing: list.outgoing.filter((request) => request.user.id !== event.friend.id),
      }));
      return;
    case "user_status":
      updateFriends((list) => setFriendStatus(list, event.userId, event.status, event.now));
      return;
    case "user_deleted":
      updateFriends((list) => removeFriend(list, event.userId));
      updateRequests((list) => ({
        incoming: list.incoming.filter((request) => request.user.id !== event.userId),
        outgoing: list.outgoing.filter((request) => request.user.id !== event.userId),
      }));
      return;
  }
}
