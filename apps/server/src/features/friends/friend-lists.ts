import type { FriendList, FriendRequestList, FriendView } from "@heartline/shared";
import { presenceOf } from "../../social/presence-of";
import type { UserRow } from "../accounts/index";
import { type FriendRequestRow, rowsWithCounterpart, toFriendView, toRequestView } from "./friend-store";
import type { FriendsDeps } from "./friends-deps";

/** `GET /api/friends`: newest friendships first, each with presence (spec §3 Friend profile). */
export async function listFriends(deps: FriendsDeps, userId: string): Promise<FriendList> {
  const rows = await rowsWithCounterpart(deps.db, userId, "accepted");
  const presence = await presenceOf(
    deps.io,
    deps.log,
    rows.map((row) => row.other.id),
  );
  return {
    friends: rows.map(({ request, other }) =>
      toFriendView(request, other, presence.get(other.id) ?? "offline"),
    ),
  };
}

/** `GET /api/friend-requests`: pending requests to and from this user, newest first. */
export async function listFriendRequests(deps: FriendsDeps, userId: string): Promise<FriendRequestList> {
  const rows = await rowsWithCounterpart(deps.db, userId, "pending");
  const views = rows.map(({ request, other }) => toRequestView(request, userId, other));
  return {
    incoming: views.filter((view) => view.direction === "incoming"),
    outgoing: views.filter((view) => view.direction === "outgoing"),
  };
}

/** One new friend as the friends page shows them. */
export async function friendViewOf(
  deps: FriendsDeps,
  row: FriendRequestRow,
  friend: UserRow,
): Promise<FriendView> {
  const presence = await presenceOf(deps.io, deps.log, [friend.id]);
  return toFriendView(row, friend, presence.get(friend.id) ?? "offline");
}
