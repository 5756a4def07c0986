/** Messages further apart than this start a new group (the reader sees a fresh name and time). */
export const GROUP_GAP_MS = 5 * 60_000;

interface GroupableMessage {
  senderId: string;
  timestamp: number;
  replyTo?: unknown;
}

/**
 * issue #14: consecutive messages from one sender show the name and avatar once. A reply starts a new
 * group (its quote needs the name above it), and so does a pause of more than five minutes.
 */
export function isGroupedWithPrevious(
  previous: GroupableMessage | undefined,
  message: GroupableMessage,
): boolean {
  if (!previous || previous.senderId !== message.senderId) return false;
  if (message.replyTo) return false;
  return message.timestamp - previous.timestamp <= GROUP_GAP_MS;
}
