import type { FriendRequestView } from "@heartline/shared";
import { useFriendRequests } from "../api/use-friend-requests";
import { useFriends } from "../api/use-friends";

/** How I stand with someone, from the friends caches (kept live by pushes, applyFriendsEvent). */
export type Friendship =
  | { state: "unknown" }
  | { state: "none" }
  | { state: "friends" }
  | { state: "outgoing"; request: FriendRequestView }
  | { state: "incoming"; request: FriendRequestView };

/**
 * Issue #38: every view of a person (the DM header, a profile, the people list) reads friendship here,
 * so a request sent, accepted, declined or ended anywhere shows at once without a reload. "unknown"
 * while the lists load.
 */
export function useFriendship(userId: string, isEnabled = true): Friendship {
  const friends = useFriends(isEnabled);
  const requests = useFriendRequests(isEnabled);
  if (!friends.data || !requests.data) return { state: "unknown" };
  if (friends.data.friends.some((friend) => friend.id === userId)) return { state: "friends" };
  const outgoing = requests.data.outgoing.find((request) => request.user.id === userId);
  if (outgoing) return { state: "outgoing", request: outgoing };
  const incoming = requests.data.incoming.find((request) => request.user.id === userId);
  if (incoming) return { state: "incoming", request: incoming };
  return { state: "none" };
}
