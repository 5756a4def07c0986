import type {
  FriendList,
  FriendRequestList,
  FriendRequestUpdatedPayload,
  FriendRequestView,
  FriendView,
  PresenceStatus,
} from "@heartline/shared";

/** A request pushed or created: into its list once (a push and our own POST may both bring it). */
export function addRequest(list: FriendRequestList, request: FriendRequestView): FriendRequestList {
  const key = request.direction;
  const others = list[key].filter(
    (existing) => existing.id !== request.id && existing.user.id !== request.user.id,
  );
  return { ...list, [key]: [request, ...others] };
}

/** A request answered, cancelled or gone: out of both lists. */
export function removeRequest(
  list: FriendRequestList,
  update: FriendRequestUpdatedPayload,
): FriendRequestList {
  const keep = (request: FriendRequestView) => request.id !== update.id;
  return { incoming: list.incoming.filter(keep), outgoing: list.outgoing.filter(keep) };
}

/** A friend added (or added again), without a duplicate. */
export function addFriend(list: FriendList, friend: FriendView): FriendList {
  return { friends: [friend, ...list.friends.filter((existing) => existing.id !== friend.id)] };
}

export function removeFriend(list: FriendList, userId: string): FriendList {
  return { friends: list.friends.filter((friend) => friend.id !== userId) };
}

/** A `user:status` push moves a friend between online, away and offline (spec §4 Presence). */
export function setFriendStatus(
  list: FriendList,
  userId: string,
  status: PresenceStatus,
  now: number,
): FriendList {
  if (!list.friends.some((friend) => friend.id === userId)) return list;
  return {
    friends: list.friends.map((friend) =>
      friend.id === userId
        ? { ...friend, status, lastActive: status === "offline" ? now : friend.lastActive }
        : friend,
    ),
  };
}

const STATUS_RANK: Record<PresenceStatus, number> = { online: 0, away: 1, offline: 2 };

/** Online first, then away, then offline; most recently active first within each. */
export function sortFriends(friends: readonly FriendView[]): FriendView[] {
  return [...friends].sort(
    (a, b) =>
      STATUS_RANK[a.status] - STATUS_RANK[b.status] ||
      (b.lastActive ?? 0) - (a.lastActive ?? 0) ||
      a.username.localeCompare(b.username),
  );
}
