import type {
  ConfessionComment,
  ConfessionCommentList,
  ConfessionCounts,
  ConfessionView,
} from "@heartline/shared";
import type { QueryClient } from "@tanstack/react-query";
import { confessionKeys } from "../api/confession-keys";
import { removeComment, upsertComment } from "./comment-state";
import {
  applyCounts,
  type ConfessionFeed,
  prependConfession,
  removeConfession,
  updateConfession,
} from "./feed-state";
import type { ReactionState } from "./reaction-state";

export type ConfessionEvent =
  | { type: "counts"; counts: ConfessionCounts }
  | { type: "removed"; id: string }
  | { type: "posted"; confession: ConfessionView }
  | { type: "reaction"; id: string; reaction: ReactionState }
  | { type: "comment_created"; comment: ConfessionComment }
  | { type: "comment_removed"; confessionId: string; commentId: string };

/** The one place the wall's caches change, from pushes and from the viewer's own mutations (STYLE). */
export function applyConfessionEvent(queryClient: QueryClient, event: ConfessionEvent): void {
  const updateFeeds = (change: (feed: ConfessionFeed) => ConfessionFeed) =>
    queryClient.setQueriesData<ConfessionFeed>({ queryKey: confessionKeys.feeds() }, (feed) =>
      feed ? change(feed) : feed,
    );
  const updateComments = (id: string, change: (list: ConfessionCommentList) => ConfessionCommentList) =>
    queryClient.setQueryData<ConfessionCommentList>(confessionKeys.comments(id), (list) =>
      list ? change(list) : list,
    );

  switch (event.type) {
    case "counts":
      updateFeeds((feed) => applyCounts(feed, event.counts));
      return;
    case "removed":
      updateFeeds((feed) => removeConfession(feed, event.id));
      queryClient.removeQueries({ queryKey: confessionKeys.comments(event.id) });
      return;
    case "posted":
      queryClient.setQueryData<ConfessionFeed>(confessionKeys.feed("new"), (feed) =>
        feed ? prependConfession(feed, event.confession) : feed,
      );
      return;
    case "reaction":
      updateFeeds((feed) => updateConfession(feed, event.id, (view) => ({ ...view, ...event.reaction })));
      return;
    case "comment_created":
      updateComments(event.comment.confessionId, (list) => upsertComment(list, event.comment));
      return;
    case "comment_removed":
      updateComments(event.confessionId, (list) => removeComment(list, event.commentId));
      return;
  }
}

/** The viewer's reaction state of a confession as the cache holds it (for an optimistic rollback). */
export function readReactionState(queryClient: QueryClient, id: string): ReactionState | null {
  for (const [, feed] of queryClient.getQueriesData<ConfessionFeed>({ queryKey: confessionKeys.feeds() })) {
    const found = feed?.pages.flatMap((page) => page.confessions).find((confession) => confession.id === id);
    if (found) return { reactions: found.reactions, myReaction: found.myReaction };
  }
  return null;
}
