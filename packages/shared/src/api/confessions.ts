import type { ConfessionReaction, ConfessionSort } from "../schemas/confessions";

/**
 * The confession wall's HTTP contract (ARCHITECTURE §6 `/api/confessions` + reactions, comments; admin
 * under `/api/admin/confessions`). Every route needs a session that passes the group chat guard (a guest,
 * or a registered user with a verified e-mail) and no ban; posting, commenting and reacting also need no
 * mute. No response, error or socket payload carries an author's id, except the admin routes.
 * Mutations answer after commit; a retried id gets the stored row (`POST` bodies carry client ids).
 */
export const CONFESSION_PATHS = {
  /** GET `ConfessionFeedQuery` → `ConfessionPage`; POST `CreateConfessionInput` → `{ confession }` (201, or 200 for a retry). */
  confessions: "/api/confessions",
  /** GET → `{ confession: ConfessionView }`; DELETE (author only) → `{ deleted: true }`. */
  confession: (id: string) => `/api/confessions/${encodeURIComponent(id)}`,
  /** GET → `ConfessionCommentList`; POST `CreateConfessionCommentInput` → `{ comment }`. */
  comments: (id: string) => `/api/confessions/${encodeURIComponent(id)}/comments`,
  /** DELETE (author only) → `{ deleted: true }`. */
  comment: (id: string, commentId: string) =>
    `/api/confessions/${encodeURIComponent(id)}/comments/${encodeURIComponent(commentId)}`,
  /** PUT `ConfessionReactionInput` → `ConfessionCounts & { myReaction }`; DELETE → the same with null. */
  reaction: (id: string) => `/api/confessions/${encodeURIComponent(id)}/reaction`,
  /** POST `ReportConfessionInput` → `{ reportId }` (into the admin report queue, with a snapshot). */
  report: (id: string) => `/api/confessions/${encodeURIComponent(id)}/report`,
  commentReport: (id: string, commentId: string) =>
    `/api/confessions/${encodeURIComponent(id)}/comments/${encodeURIComponent(commentId)}/report`,
  /** Admin: DELETE → `{ deleted: boolean }` (the wall updates live). */
  adminConfession: (id: string) => `/api/admin/confessions/${encodeURIComponent(id)}`,
  adminComment: (id: string, commentId: string) =>
    `/api/admin/confessions/${encodeURIComponent(id)}/comments/${encodeURIComponent(commentId)}`,
  /** Admin: GET → `ConfessionAuthor` of a confession or comment, to ban or mute them. */
  adminConfessionAuthor: (id: string) => `/api/admin/confessions/${encodeURIComponent(id)}/author`,
  adminCommentAuthor: (id: string, commentId: string) =>
    `/api/admin/confessions/${encodeURIComponent(id)}/comments/${encodeURIComponent(commentId)}/author`,
} as const;

/** Reaction counts by emoji (every emoji of the set present, 0 when none). */
export type ConfessionReactionCounts = Record<ConfessionReaction, number>;

/** The live numbers of a confession (`confession_counts` push and reaction responses). */
export interface ConfessionCounts {
  id: string;
  reactions: ConfessionReactionCounts;
  commentCount: number;
}

/** A confession as a viewer sees it: no name, avatar or id of its author. */
export interface ConfessionView extends ConfessionCounts {
  content: string;
  contentWarning: string | null;
  createdAt: number;
  /** The viewer wrote it (shown as "You"; only they may delete it). */
  isOwn: boolean;
  /** The viewer's own reaction, or null. */
  myReaction: ConfessionReaction | null;
}

export interface ConfessionPage {
  confessions: ConfessionView[];
  sort: ConfessionSort;
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
}

/**
 * A comment: `pseudonym` is "OP" for the confession's author and "Anon N" otherwise — stable for one
 * person inside one thread and unrelated across threads (N is the order of first comment in the thread).
 */
export interface ConfessionComment {
  id: string;
  confessionId: string;
  /** The top-level comment this replies to, or null (one level deep). */
  parentId: string | null;
  content: string;
  createdAt: number;
  pseudonym: string;
  isOP: boolean;
  /** The viewer wrote it (false in socket pushes; the client knows its own from the POST answer). */
  isOwn: boolean;
}

export interface ConfessionCommentList {
  comments: ConfessionComment[];
}

/** Admin only. */
export interface ConfessionAuthor {
  userId: string;
  username: string | null;
  isGuest: boolean;
}
