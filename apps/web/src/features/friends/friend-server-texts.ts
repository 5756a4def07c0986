import { FRIEND_ERROR_MESSAGES } from "@heartline/shared";
import {
  COMMON_SERVER_TEXTS,
  type ServerErrorLike,
  serverErrorText,
  withServerTexts,
} from "../../lib/i18n/server-error-text";

/** Issue #39: the friends' refusals the client shows in the visitor's language. */
export const FRIEND_SERVER_TEXTS = withServerTexts(COMMON_SERVER_TEXTS, [
  [FRIEND_ERROR_MESSAGES.registeredOnly, "friends.error.registeredOnly"],
  [FRIEND_ERROR_MESSAGES.userNotFound, "friends.error.userNotFound"],
  [FRIEND_ERROR_MESSAGES.cannotAddSelf, "friends.error.cannotAddSelf"],
  [FRIEND_ERROR_MESSAGES.guestTarget, "friends.error.guestTarget"],
  [FRIEND_ERROR_MESSAGES.blocked, "friends.error.blocked"],
  [FRIEND_ERROR_MESSAGES.alreadyFriends, "friends.error.alreadyFriends"],
  [FRIEND_ERROR_MESSAGES.alreadyRequested, "friends.error.alreadyRequested"],
  [FRIEND_ERROR_MESSAGES.requestNotFound, "friends.error.requestNotFound"],
  [FRIEND_ERROR_MESSAGES.notFriends, "friends.error.notFriends"],
  [FRIEND_ERROR_MESSAGES.onlyReceiverAnswers, "friends.error.onlyReceiverAnswers"],
  [FRIEND_ERROR_MESSAGES.onlySenderCancels, "friends.error.onlySenderCancels"],
  [FRIEND_ERROR_MESSAGES.tooManyRequests, "friends.error.tooManyRequests"],
  ["Username is required", "friends.error.usernameRequired"],
]);

/** A friends refusal in the visitor's language. */
export function friendErrorText(error: ServerErrorLike): string {
  return serverErrorText(error, FRIEND_SERVER_TEXTS);
}
