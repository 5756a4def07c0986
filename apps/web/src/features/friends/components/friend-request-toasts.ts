import { MESSAGING_ERROR_TOAST_DURATION_MS, type SendFriendRequestResult } from "@heartline/shared";
import toast from "react-hot-toast";

/** What a sent request became, in words (a request to someone who already asked you accepts theirs). */
export function sentRequestText(result: SendFriendRequestResult): string {
  return result.status === "accepted"
    ? `You and ${result.friend.username} are now friends`
    : `Friend request sent to ${result.request.user.username}`;
}

/** Any failure shows the server's own text (ApiError.message is always showable). */
export function toastRequestError(error: unknown): void {
  toast.error(error instanceof Error ? error.message : "Could not send the friend request.", {
    duration: MESSAGING_ERROR_TOAST_DURATION_MS,
  });
}
