import { z } from "zod";
import { boundedString, boundedTrimmedString } from "./bounded-string";

/**
 * Friends (spec §3 Friend request, §4, §7; ARCHITECTURE §5–§7): registered, verified users only.
 */

/** Friend requests one user may send per hour, across every node (ARCHITECTURE §7). */
export const FRIEND_REQUESTS_PER_HOUR = 30;

/** Texts the server answers with for friend requests (the client shows them as they are). */
export const FRIEND_ERROR_MESSAGES = {
  registeredOnly:
    "Only registered users with a verified e-mail can add friends. Create a free account to add friends.",
  userNotFound: "No user with this username.",
  cannotAddSelf: "You cannot send a friend request to yourself.",
  guestTarget: "Guests cannot receive friend requests.",
  blocked: "You can't send a friend request to this user.",
  alreadyFriends: "You are already friends.",
  alreadyRequested: "You already sent a friend request to this user.",
  requestNotFound: "This friend request does not exist anymore.",
  notFriends: "You are not friends with this user.",
  /** The sender tried to accept or decline their own request. */
  onlyReceiverAnswers: "Only the person who received this friend request can accept or decline it.",
  /** The receiver tried to cancel a request they received (they decline it instead). */
  onlySenderCancels: "Only the person who sent this friend request can cancel it.",
  tooManyRequests: `You can send at most ${FRIEND_REQUESTS_PER_HOUR} friend requests per hour. Please try again later.`,
} as const;

/** `POST /api/friend-requests`: by username (case-insensitive) or, from a conversation or profile, by id. */
export const sendFriendRequestSchema = z
  .object({
    username: boundedTrimmedString(40).min(1, "Username is required").optional(),
    userId: boundedString(64).min(1).optional(),
  })
  .refine((input) => input.username !== undefined || input.userId !== undefined, {
    message: "Username is required",
    path: ["username"],
  });
export type SendFriendRequestInput = z.infer<typeof sendFriendRequestSchema>;

/** `/api/friend-requests/:id/accept|decline`, `DELETE /api/friend-requests/:id`. */
export const friendRequestIdParamSchema = z.object({
  id: boundedString(36, { tooLong: "Invalid request id" }).pipe(z.uuid({ message: "Invalid request id" })),
});

/** Texts the server answers with for blocks (`/api/blocks`). */
export const BLOCK_ERROR_MESSAGES = {
  registeredOnly: "Only registered users with a verified e-mail can block users.",
  cannotBlockSelf: "You cannot block yourself.",
} as const;
