import type { ConfessionComment, ConfessionCommentList } from "@heartline/shared";

/**
 * Adds or refreshes one comment, oldest first. The push says `isOwn: false` to everyone, so a comment
 * this viewer already holds as their own stays theirs whichever of push and answer arrives first.
 */
export function upsertComment(
  list: ConfessionCommentList,
  comment: ConfessionComment,
): ConfessionCommentList {
  const existing = list.comments.find((candidate) => candidate.id === comment.id);
  if (existing) {
    const merged = { ...comment, isOwn: existing.isOwn || comment.isOwn };
    return { comments: list.comments.map((candidate) => (candidate.id === comment.id ? merged : candidate)) };
  }
  const comments = [...list.comments, comment].sort((a, b) => a.createdAt - b.createdAt);
  return { comments };
}

/** A removed comment takes its replies with it (the server deletes them together). */
export function removeComment(list: ConfessionCommentList, commentId: string): ConfessionCommentList {
  const comments = list.comments.filter(
    (comment) => comment.id !== commentId && comment.parentId !== commentId,
  );
  return comments.length === list.comments.length ? list : { comments };
}

export interface CommentThreadEntry {
  comment: ConfessionComment;
  replies: ConfessionComment[];
}

/** Top-level comments in order, each with its replies (one level deep). */
export function commentThread(comments: readonly ConfessionComment[]): CommentThreadEntry[] {
  const entries = new Map<string, CommentThreadEntry>();
  for (const comment of comments) {
    if (comment.parentId === null) entries.set(comment.id, { comment, replies: [] });
  }
  for (const comment of comments) {
    if (comment.parentId !== null) entries.get(comment.parentId)?.replies.push(comment);
  }
  return [...entries.values()];
}
