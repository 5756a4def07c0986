import type { ConfessionComment, ConfessionCounts } from "../api/confessions";

/**
 * The confession wall's pushes (issue #13) to the `confessions` room, which a socket enters with
 * `join_confession_wall` (same guard as the HTTP routes) on every node. No payload names an author.
 */
export interface ConfessionCreatedPayload {
  id: string;
  createdAt: number;
}

export interface ConfessionRemovedPayload {
  id: string;
}

export interface ConfessionCommentCreatedPayload {
  confessionId: string;
  /** `isOwn` is always false here. */
  comment: ConfessionComment;
}

export interface ConfessionCommentRemovedPayload {
  confessionId: string;
  commentId: string;
}

export type ConfessionCountsPayload = ConfessionCounts;
