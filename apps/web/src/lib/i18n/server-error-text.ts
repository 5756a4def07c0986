import {
  API_ERROR_MESSAGES,
  type ApiErrorCode,
  CHAT_MESSAGE_EMPTY,
  CHAT_MESSAGE_TOO_LONG,
  CHAT_RATE_LIMITED,
  DEFAULT_SITE_LOCALE,
  isApiErrorCode,
  REPORT_DETAILS_TOO_LONG,
  SERVER_MESSAGES,
} from "@heartline/shared";
import { ApiError } from "../http-client";
import type { MessageId } from "./catalogs";
import { activeLocale, translate } from "./i18n";

/**
 * Issue #39: the server keeps its stable codes and English texts; the client shows each known text in
 * the visitor's language. A table maps a server text (exactly as the server sends it) to its catalog id,
 * whose English is that same text (server-error-text.test.ts checks it). A feature adds its own texts
 * with `withServerTexts` (kept out of this module so the random-chat page loads no schema).
 */
export type ServerTextTable = ReadonlyMap<string, MessageId>;

/** What a failed ack or API answer carries. */
export interface ServerErrorLike {
  code?: string;
  message: string;
}

/** The client's own "no answer" (an ack that never came). */
export const NO_ANSWER_MESSAGE = "The server did not answer. Please try again.";

/** The texts every chat can get: limits, sessions, the code's default texts. */
export const COMMON_SERVER_TEXTS: ServerTextTable = new Map<string, MessageId>([
  [NO_ANSWER_MESSAGE, "error.noAnswer"],
  [SERVER_MESSAGES.socketEventRateLimited, "error.slowDown"],
  [SERVER_MESSAGES.tooManyConnections, "error.tooManyConnections"],
  [SERVER_MESSAGES.socketSessionEnded, "error.sessionEnded"],
  [SERVER_MESSAGES.tooManyReports, "error.tooManyReports"],
  [SERVER_MESSAGES.notInRandomChat, "error.notInRandomChat"],
  [SERVER_MESSAGES.notWithAi, "error.notWithAi"],
  [SERVER_MESSAGES.nextBeforeJoin, "error.nextBeforeJoin"],
  [SERVER_MESSAGES.nobodyToReport, "error.nobodyToReport"],
  [CHAT_RATE_LIMITED, "error.chatRateLimited"],
  [CHAT_MESSAGE_TOO_LONG, "error.messageTooLong"],
  [CHAT_MESSAGE_EMPTY, "error.messageEmpty"],
  [REPORT_DETAILS_TOO_LONG, "error.detailsTooLong"],
  ["Please select a gender option", "error.genderRequired"],
  ["Please choose a reason", "report.chooseReason"],
  ...Object.entries(API_ERROR_MESSAGES).map(
    ([code, message]) => [message, `error.code.${code as ApiErrorCode}`] as [string, MessageId],
  ),
]);

/** `table` with `more` texts added (a feature's own refusals). */
export function withServerTexts(
  table: ServerTextTable,
  more: readonly (readonly [string, MessageId])[],
): ServerTextTable {
  return new Map([...table, ...more]);
}

/**
 * The text to show for a server refusal: its translation when the text is known; in English the server's
 * text as it is; otherwise the translation of its code's default text, or the server's text.
 */
export function serverErrorText(
  error: ServerErrorLike,
  table: ServerTextTable = COMMON_SERVER_TEXTS,
): string {
  const id = table.get(error.message);
  if (id) return translate(id);
  if (activeLocale() === DEFAULT_SITE_LOCALE) return error.message;
  if (isApiErrorCode(error.code)) return translate(`error.code.${error.code}`);
  return error.message;
}

/** The text for a thrown failure: an `ApiError`'s (the server's code and text), else `fallback`'s. */
export function failureText(
  failure: unknown,
  fallback: MessageId,
  table: ServerTextTable = COMMON_SERVER_TEXTS,
): string {
  if (!(failure instanceof ApiError)) return translate(fallback);
  return serverErrorText(
    failure.code ? { code: failure.code, message: failure.message } : { message: failure.message },
    table,
  );
}
