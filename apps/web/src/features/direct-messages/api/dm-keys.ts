/** TanStack Query keys of direct messages (STYLE: `dmKeys.thread(id)`). */
export const dmKeys = {
  all: ["direct-messages"] as const,
  /** The loaded pages of `GET /api/conversations` (`ConversationPages`), then kept by `applyDmEvent`. */
  conversations: () => [...dmKeys.all, "conversations"] as const,
  /** `GET /api/conversations/:partnerId` → `ConversationDetail`. */
  conversation: (partnerId: string) => [...dmKeys.conversationDetails(), partnerId] as const,
  conversationDetails: () => [...dmKeys.all, "conversation"] as const,
  /** The loaded part of one thread (`ThreadState`), fed by history pages and pushes. */
  thread: (partnerId: string) => [...dmKeys.all, "thread", partnerId] as const,
  threads: () => [...dmKeys.all, "thread"] as const,
  /** `GET /api/blocks` → the ids I block, kept by `applyDmEvent`. */
  blockedIds: () => [...dmKeys.all, "blocked-ids"] as const,
};
