import { createHmac } from "node:crypto";
import type { ChatMessage } from "@heartline/shared";

/**
 * What one member of a random pair is called to the other: HMAC(AUTH_SECRET, roomId + userId),
 * truncated. Stable within the pair, different in every pair, and the same on every node without
 * storage; the account id never reaches the partner (who could otherwise look the profile up).
 */
export function pairAlias(options: { secret: string; roomId: string; userId: string }): string {
  const digest = createHmac("sha256", options.secret)
    .update(`random-chat-alias:${options.roomId}:${options.userId}`)
    .digest("base64url");
  return `p_${digest.slice(0, 22)}`;
}

/**
 * A message as the partner receives it: the sender (and a quote of the sender) under the sender's
 * alias. A quote of the receiver's own message keeps the receiver's own id (their client knows it).
 * The server's copy (report snapshots) keeps the real ids.
 */
export function toPartnerView(message: ChatMessage, senderAlias: string): ChatMessage {
  const { replyTo } = message;
  return {
    ...message,
    senderId: senderAlias,
    ...(replyTo
      ? {
          replyTo: {
            ...replyTo,
            senderId: replyTo.senderId === message.senderId ? senderAlias : replyTo.senderId,
          },
        }
      : {}),
  };
}
