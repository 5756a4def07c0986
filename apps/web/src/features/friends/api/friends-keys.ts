/** TanStack Query keys of the friends feature (STYLE: key factories). */
export const friendsKeys = {
  all: ["friends"] as const,
  /** `GET /api/friends` → `FriendList`. */
  list: () => [...friendsKeys.all, "list"] as const,
  /** `GET /api/friend-requests` → `FriendRequestList`. */
  requests: () => [...friendsKeys.all, "requests"] as const,
};

/** spec §4 / constants: the friends list is kept 10 min. */
export const FRIENDS_STALE_MS = 10 * 60 * 1000;
