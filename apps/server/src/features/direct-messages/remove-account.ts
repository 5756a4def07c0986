import { eq, inArray, or } from "drizzle-orm";
import { conversationState, conversations, directMessages } from "../../db/schema";
import type { AccountRemovalStep } from "../feature";

/**
 * The account's direct messages and conversations (both sides' state) go with it; its partners are
 * told (spec §4 deletion). A message's sender and receiver are its conversation's two people.
 */
export const removeDirectMessagesOf: AccountRemovalStep = async (tx, userId) => {
  const theirConversations = or(eq(conversations.userA, userId), eq(conversations.userB, userId));
  await tx
    .delete(directMessages)
    .where(
      inArray(
        directMessages.conversationId,
        tx.select({ id: conversations.id }).from(conversations).where(theirConversations),
      ),
    );
  const partners = await tx
    .delete(conversations)
    .where(theirConversations)
    .returning({ a: conversations.userA, b: conversations.userB });
  await tx.delete(conversationState).where(eq(conversationState.userId, userId));
  return { told: partners.flatMap((pair) => [pair.a, pair.b]) };
};
