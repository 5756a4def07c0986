import { GROUP_CHAT_MESSAGES } from "@heartline/shared";

export type JoinRefusal = { kind: "banned"; message: string } | { kind: "other"; message: string };

/**
 * What a refused `join_group` means for the page. A ban (spec §8 texts) sends the user home and is
 * remembered; anything else (e-mail not verified, signed out) is shown as the server wrote it.
 */
export function classifyJoinRefusal(
  error: { code: string; message: string } | null | undefined,
): JoinRefusal {
  const message = error?.message || GROUP_CHAT_MESSAGES.banned;
  if (message.startsWith("You have been banned from the group chat")) return { kind: "banned", message };
  return { kind: "other", message };
}
