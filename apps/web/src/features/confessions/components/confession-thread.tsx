import type { ConfessionComment } from "@heartline/shared";
import { useState } from "react";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { Spinner } from "../../../ui/spinner";
import { useConfessionComments } from "../api/use-confession-comments";
import { useDeleteComment } from "../api/use-delete-comment";
import { useConfirmedDelete } from "../hooks/use-confirmed-delete";
import { commentThread } from "../state/comment-state";
import { CommentComposer } from "./comment-composer";
import { CommentItem } from "./comment-item";

export interface ConfessionThreadProps {
  confessionId: string;
  onReport: (comment: ConfessionComment) => void;
}

/** The comments of one confession, replies one level deep, with the composer underneath. */
export function ConfessionThread({ confessionId, onReport }: ConfessionThreadProps) {
  const comments = useConfessionComments(confessionId);
  const confirmDelete = useConfirmedDelete<ConfessionComment>(useDeleteComment(confessionId));
  const [replyTo, setReplyTo] = useState<ConfessionComment | null>(null);
  const entries = commentThread(comments.data?.comments ?? []);
  const actions = { onReply: setReplyTo, onDelete: confirmDelete.ask, onReport };

  return (
    <section aria-label="Comments" className="mt-4 border-t border-zinc-200 pt-4 dark:border-zinc-800">
      {comments.isPending ? (
        <Spinner label="Loading comments" size="sm" />
      ) : comments.isError ? (
        <p role="alert" className="text-sm text-rose-700 dark:text-rose-300">
          {comments.error.message}{" "}
          <button type="button" className="font-semibold underline" onClick={() => void comments.refetch()}>
            Try again
          </button>
        </p>
      ) : entries.length === 0 ? (
        <p className="text-sm text-zinc-500 dark:text-zinc-400">No comments yet. Say something kind.</p>
      ) : (
        <ol className="space-y-3">
          {entries.map(({ comment, replies }) => (
            <CommentItem key={comment.id} comment={comment} {...actions}>
              {replies.length > 0 ? (
                <ol className="mt-2 ml-2 space-y-2">
                  {replies.map((reply) => (
                    <CommentItem key={reply.id} comment={reply} {...actions} />
                  ))}
                </ol>
              ) : null}
            </CommentItem>
          ))}
        </ol>
      )}
      <CommentComposer confessionId={confessionId} replyTo={replyTo} onCancelReply={() => setReplyTo(null)} />
      <ConfirmDialog
        {...confirmDelete.dialog}
        title="Delete your comment?"
        description="It is removed for everyone, with any replies to it. This cannot be undone."
        confirmLabel="Delete"
      />
    </section>
  );
}
