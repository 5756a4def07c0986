import { GROUP_CHAT_MESSAGES, GROUP_ERROR_MESSAGES, MESSAGING_MESSAGES } from "@heartline/shared";
import { translate } from "../../lib/i18n/i18n";
import {
  COMMON_SERVER_TEXTS,
  type ServerErrorLike,
  serverErrorText,
  withServerTexts,
} from "../../lib/i18n/server-error-text";

/** Issue #39: the group chat's refusals the client shows in the visitor's language. */
export const GROUP_SERVER_TEXTS = withServerTexts(COMMON_SERVER_TEXTS, [
  [GROUP_ERROR_MESSAGES.signInRequired, "group.error.signInRequired"],
  [GROUP_ERROR_MESSAGES.notInGroup, "group.error.notInGroup"],
  [GROUP_ERROR_MESSAGES.imagesRegisteredOnly, "group.error.imagesRegisteredOnly"],
  [GROUP_ERROR_MESSAGES.imageUrlInvalid, "group.error.imageUrlInvalid"],
  [GROUP_ERROR_MESSAGES.messageNotFound, "group.error.messageNotFound"],
  [GROUP_ERROR_MESSAGES.cannotReportSelf, "group.error.cannotReportSelf"],
  [GROUP_ERROR_MESSAGES.imageNotYourUpload, "group.error.imageNotYourUpload"],
  [GROUP_CHAT_MESSAGES.banned, "group.banned"],
  [GROUP_CHAT_MESSAGES.verifyEmail, "group.error.verifyEmail"],
  [GROUP_CHAT_MESSAGES.muteEnded, "group.muteEnded"],
  [MESSAGING_MESSAGES.saveFailed, "group.error.saveFailed"],
]);

// mutedMessage (packages/shared): "You are muted … messages[ until HH:MM UTC].[ Reason: …]"
const MUTED =
  /^You are muted in the group chat and cannot send messages(?: until (\d\d:\d\d) UTC)?\.(?: Reason: ([\s\S]+))?$/;
const BANNED_BY = /^You have been banned from the group chat by (.+)\.$/;

/** The muted notice for a mute's reason and end (the server's `mutedMessage`, in the visitor's language). */
export function mutedText(reason: string | null | undefined, until: string | null): string {
  const base = until ? translate("group.mutedUntil", { time: until }) : translate("group.muted");
  const trimmed = reason?.trim();
  return trimmed ? `${base} ${translate("group.muteReason", { reason: trimmed })}` : base;
}

/** A mute's end as the server writes it (UTC, 24-hour). */
export function muteUntilOf(expiresAt: number | null | undefined): string | null {
  return expiresAt ? new Date(expiresAt).toISOString().slice(11, 16) : null;
}

/** A group chat refusal in the visitor's language (the mute and ban texts carry values). */
export function groupErrorText(error: ServerErrorLike): string {
  const muted = MUTED.exec(error.message);
  if (muted) return mutedText(muted[2], muted[1] ?? null);
  const bannedBy = BANNED_BY.exec(error.message);
  if (bannedBy?.[1]) return translate("group.bannedBy", { admin: bannedBy[1] });
  return serverErrorText(error, GROUP_SERVER_TEXTS);
}
