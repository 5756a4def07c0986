import { DUPLICATE_MESSAGE_WINDOW_MS } from "../constants";

/** The fields the duplicate rule compares (spec §5 Messages). */
export interface MessageFingerprint {
  senderId: string;
  receiverId: string;
  content: string;
  timestamp: number;
}

/**
 * spec §5 A message with the same content, sender and receiver within 5 s of an existing one is a
 * duplicate and is dropped.
 */
export function isDuplicateMessage(
  candidate: MessageFingerprint,
  existing: readonly MessageFingerprint[],
): boolean {
  return existing.some(
    (message) =>
      message.senderId === candidate.senderId &&
      message.receiverId === candidate.receiverId &&
      message.content === candidate.content &&
      Math.abs(message.timestamp - candidate.timestamp) <= DUPLICATE_MESSAGE_WINDOW_MS,
  );
}
