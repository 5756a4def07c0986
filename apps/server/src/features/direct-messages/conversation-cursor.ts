import { DM_ERROR_MESSAGES } from "@heartline/shared";
import { AppError } from "../../errors/app-error";

/**
 * The conversation list's opaque cursor (ADR 0010): the last row's keyset, (last activity in ms,
 * conversation id), base64url-encoded. `last_message_at` is stored in milliseconds, so the cursor is
 * exact. It names a position in the order, not a row: the list reads only the caller's own state rows,
 * so a cursor made from someone else's conversation reveals nothing.
 */
export interface ConversationCursor {
  lastMessageAtMs: number;
  conversationId: string;
}

/** `ms.userA-userB`: ms up to the end of year 9999 (a plain ISO date); ids as `conversationIdOf` joins them. */
const PLAIN_PATTERN = /^(\d{1,15})\.([A-Za-z0-9]{1,64}-[A-Za-z0-9]{1,64})$/;
const LAST_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

export function encodeConversationCursor(cursor: ConversationCursor): string {
  return Buffer.from(`${cursor.lastMessageAtMs}.${cursor.conversationId}`, "utf8").toString("base64url");
}

/** The cursor, or a 400 with the shared text for anything the server could not have handed out. */
export function decodeConversationCursor(encoded: string | undefined): ConversationCursor | null {
  if (encoded === undefined) return null;
  // The schema has capped it (CONVERSATION_CURSOR_MAX_LENGTH) and held it to base64url characters.
  const match = PLAIN_PATTERN.exec(Buffer.from(encoded, "base64url").toString("utf8"));
  const lastMessageAtMs = Number(match?.[1]);
  if (!match?.[2] || !(lastMessageAtMs <= LAST_MS)) {
    throw new AppError("bad_request", DM_ERROR_MESSAGES.invalidCursor);
  }
  return { lastMessageAtMs, conversationId: match[2] };
}
