import { MESSAGING_ERROR_TOAST_DURATION_MS, type SendFriendRequestResult } from "@heartline/shared";
import toast from "react-hot-toast";
import { ApiError } from "../../../lib/http-client";
import { translate } from "../../../lib/i18n/i18n";
import { friendErrorText } from "../friend-server-texts";

/** What a sent request became, in words (a request to someone who already asked you accepts theirs). */
export function sentRequestText(result: SendFriendRequestResult): string {
  return result.status === "accepted"
    ? translate("friends.nowFriends", { name: result.friend.username })
    : translate("friends.requestSent", { name: result.request.user.username });
}

/** A thrown failure's text in the visitor's language (an `ApiError` carries the server's code and text). */
export function friendFailureText(error: unknown): string {
  if (!(error instanceof Error)) return translate("friends.sendFailed");
  return friendErrorText(
    error instanceof ApiError && error.code
      ? { code: error.code, message: error.message }
      : { message: error.message },
  );
}

/** Any failure shows the server's own text (ApiError.message is always showable), in the visitor's language. */
export function toastRequestError(error: unknown): void {
  toast.error(friendFailureText(error), {
    duration: MESSAGING_ERROR_TOAST_DURATION_MS,
  });
}
