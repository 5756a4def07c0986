import type { ConfessionReaction, ConfessionView } from "@heartline/shared";

export type ReactionState = Pick<ConfessionView, "reactions" | "myReaction">;

/** What tapping `emoji` asks for: the same emoji again removes it (null), another replaces it. */
export function nextReaction(current: ConfessionReaction | null, emoji: ConfessionReaction) {
  return current === emoji ? null : emoji;
}

/**
 * The optimistic state once the viewer's one reaction is `next` (null: none): the old reaction's count
 * drops, the new one's rises; counts never go below zero.
 */
export function withReaction(state: ReactionState, next: ConfessionReaction | null): ReactionState {
  if (state.myReaction === next) return state;
  const reactions = { ...state.reactions };
  if (state.myReaction) reactions[state.myReaction] = Math.max(0, reactions[state.myReaction] - 1);
  if (next) reactions[next] += 1;
  return { reactions, myReaction: next };
}
