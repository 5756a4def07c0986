import {
  BLOCK_ERROR_MESSAGES,
  BLOCK_SYSTEM_MESSAGES,
  DM_ERROR_MESSAGES,
  DM_IMAGE_MESSAGES,
  GROUP_ERROR_MESSAGES,
  MESSAGING_MESSAGES,
} from "@heartline/shared";
import { activeLocale, translate } from "../../lib/i18n/i18n";
import {
  COMMON_SERVER_TEXTS,
  type ServerErrorLike,
  serverErrorText,
  withServerTexts,
} from "../../lib/i18n/server-error-text";

/** Issue #39: the direct messages' refusals and system lines the client shows in the visitor's language. */
export const DM_SERVER_TEXTS = withServerTexts(COMMON_SERVER_TEXTS, [
  [DM_ERROR_MESSAGES.registeredOnly, "dm.error.registeredOnly"],
  [DM_ERROR_MESSAGES.cannotMessageSelf, "dm.error.cannotMessageSelf"],
  [DM_ERROR_MESSAGES.blockedByReceiver, "dm.error.blockedByReceiver"],
  [DM_ERROR_MESSAGES.youBlocked, "dm.error.youBlocked"],
  [DM_ERROR_MESSAGES.guestPartner, "dm.error.guestPartner"],
  [DM_ERROR_MESSAGES.idConflict, "dm.error.idConflict"],
  [DM_ERROR_MESSAGES.duplicate, "dm.error.duplicate"],
  [DM_ERROR_MESSAGES.replyNotFound, "dm.error.replyNotFound"],
  [DM_ERROR_MESSAGES.invalidCursor, "dm.error.invalidCursor"],
  [GROUP_ERROR_MESSAGES.imageNotYourUpload, "group.error.imageNotYourUpload"],
  [GROUP_ERROR_MESSAGES.imageUrlInvalid, "group.error.imageUrlInvalid"],
  [DM_IMAGE_MESSAGES.notFound, "dm.error.noSuchFile"],
  [DM_IMAGE_MESSAGES.revealNeedsSetting, "dm.error.revealNeedsSetting"],
  [BLOCK_ERROR_MESSAGES.registeredOnly, "dm.error.blockRegisteredOnly"],
  [BLOCK_ERROR_MESSAGES.cannotBlockSelf, "dm.error.cannotBlockSelf"],
  [MESSAGING_MESSAGES.saveFailed, "group.error.saveFailed"],
  [BLOCK_SYSTEM_MESSAGES.blocked, "dm.system.blocked"],
  [BLOCK_SYSTEM_MESSAGES.unblocked, "dm.system.unblocked"],
]);

const NO_SUCH_USER = /^User with ID .+ does not exist$/;

/** A direct-message refusal (or a local system line) in the visitor's language. */
export function dmErrorText(error: ServerErrorLike): string {
  if (activeLocale() !== "en" && NO_SUCH_USER.test(error.message)) return translate("dm.error.noSuchUser");
  return serverErrorText(error, DM_SERVER_TEXTS);
}
