import { FRIEND_ERROR_MESSAGES } from "@heartline/shared";
import { and, eq } from "drizzle-orm";
import { friendRequests } from "../../db/schema";
import { AppError } from "../../errors/app-error";
import { isBlockedEitherWay } from "../../social/index";
import { pushRequestUpdated } from "./friend-pushes";
import { type FriendRequestRow, findRequest } from "./friend-store";
import type { FriendsDeps } from "./friends-deps";

export interface FriendRequestActionOptions {
  deps: FriendsDeps;
  userId: string;
  requestId: string;
}

/**
 * The pending request `requestId` as `userId` may act on it: a request they are not part of does not
 * exist for them; one already accepted is a friendship.
 */
async function pendingRequestOf({
  deps,
  userId,
  requestId,
}: FriendRequestActionOptions): Promise<FriendRequestRow> {
  const row = await findRequest(deps.db, requestId);
  if (!row || (row.senderId !== userId && row.receiverId !== userId)) {
    throw new AppError("not_found", FRIEND_ERROR_MESSAGES.requestNotFound);
  }
  if (row.status === "accepted") throw new AppError("conflict", FRIEND_ERROR_MESSAGES.alreadyFriends);
  return row;
}

/**
 * The request was answered between our read and our write (a double tap, the other tab, the other
 * person): the same refusal as when that answer had come first — accepted is a friendship, gone is gone.
 */
async function answeredMeanwhile(options: FriendRequestActionOptions): Promise<never> {
  await pendingRequestOf(options);
  throw new AppError("not_found", FRIEND_ERROR_MESSAGES.requestNotFound);
}

const stillPendingFor = (
  requestId: string,
  column: typeof friendRequests.receiverId | typeof friendRequests.senderId,
  userId: string,
) => and(eq(friendRequests.id, requestId), eq(column, userId), eq(friendRequests.status, "pending"));

/** Only the receiver accepts (spec §3); both people hear `accepted`. */
export async function acceptFriendRequest(
  options: FriendRequestActionOptions,
): Promise<{ status: "accepted" }> {
  const { deps, userId, requestId } = options;
  const row = await pendingRequestOf(options);
  if (row.receiverId !== userId) throw new AppError("forbidden", FRIEND_ERROR_MESSAGES.onlyReceiverAnswers);
  if (await isBlockedEitherWay(deps.db, row.senderId, row.receiverId)) {
    throw new AppError("forbidden", FRIEND_ERROR_MESSAGES.blocked);
  }
  const [accepted] = await deps.db
    .update(friendRequests)
    // From now on `created_at` says since when they are friends.
    .set({ status: "accepted", createdAt: new Date() })
    .where(stillPendingFor(requestId, friendRequests.receiverId, userId))
    .returning();
  if (!accepted) return answeredMeanwhile(options);
  pushRequestUpdated(deps, accepted, "accepted");
  return { status: "accepted" };
}

/** Only the receiver declines; the row goes, so the sender may ask again later. */
export async function declineFriendRequest(
  options: FriendRequestActionOptions,
): Promise<{ status: "declined" }> {
  const { deps, userId, requestId } = options;
  const row = await pendingRequestOf(options);
  if (row.receiverId !== userId) throw new AppError("forbidden", FRIEND_ERROR_MESSAGES.onlyReceiverAnswers);
  const [declined] = await deps.db
    .delete(friendRequests)
    .where(stillPendingFor(requestId, friendRequests.receiverId, userId))
    .returning();
  if (!declined) return answeredMeanwhile(options);
  pushRequestUpdated(deps, declined, "declined");
  return { status: "declined" };
}

/** Only the sender withdraws a pending request. */
export async function cancelFriendRequest(
  options: FriendRequestActionOptions,
): Promise<{ status: "cancelled" }> {
  const { deps, userId, requestId } = options;
  const row = await pendingRequestOf(options);
  if (row.senderId !== userId) throw new AppError("forbidden", FRIEND_ERROR_MESSAGES.onlySenderCancels);
  const [cancelled] = await deps.db
    .delete(friendRequests)
    .where(stillPendingFor(requestId, friendRequests.senderId, userId))
    .returning();
  if (!cancelled) return answeredMeanwhile(options);
  pushRequestUpdated(deps, cancelled, "cancelled");
  return { status: "cancelled" };
}
