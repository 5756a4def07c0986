import { eq, or } from "drizzle-orm";
import { friendRequests } from "../../db/schema";
import type { AccountRemovalStep } from "../feature";

/** The account's friend requests, sent or received, and so its friendships; the other sides are told. */
export const removeFriendshipsOf: AccountRemovalStep = async (tx, userId) => {
  const requests = await tx
    .delete(friendRequests)
    .where(or(eq(friendRequests.senderId, userId), eq(friendRequests.receiverId, userId)))
    .returning({ a: friendRequests.senderId, b: friendRequests.receiverId });
  return { told: requests.flatMap((pair) => [pair.a, pair.b]) };
};
