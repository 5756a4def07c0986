import type { ConfessionComment } from "@heartline/shared";
import { Flag, Reply, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { relativeTime } from "../../../lib/relative-time";
import { AuthorLabel } from "./author-label";
import { IconAction } from "./icon-action";

export interface CommentActions {
  onReply: (comment: ConfessionComment) => void;
  onDelete: (comment: ConfessionComment) => void;
  onReport: (comment: ConfessionComment) => void;
}

export interface CommentItemProps extends CommentActions {
  comment: ConfessionComment;
  /** Replies under a top-level comment (one level deep: replies get no Reply). */
  children?: ReactNode;
}

/** One comment under its thread pseudonym ("OP" for the confession's author, else "Anon N"). */
export function CommentItem({ comment, children, onReply, onDelete, onReport }: CommentItemProps) {
  const isTopLevel = comment.parentId === null;
  return (
    <li
      data-testid="confession-comment"
      className={isTopLevel ? "" : "border-l-2 border-zinc-200 pl-3 dark:border-zinc-700"}
    >
      <div className="flex items-center justify-between gap-2">
        <p className="flex items-center gap-2">
          <AuthorLabel label={comment.pseudonym} isOwn={comment.isOwn} isHighlighted={comment.isOP} />
          <time
            dateTime={new Date(comment.createdAt).toISOString()}
            className="text-xs text-zinc-500 dark:text-zinc-400"
          >
            {relativeTime(comment.createdAt)}
          </time>
        </p>
        <div className="flex items-center">
          {isTopLevel ? (
            <IconAction
              label={`Reply to ${comment.pseudonym}`}
              icon={Reply}
              onClick={() => onReply(comment)}
            />
          ) : null}
          {comment.isOwn ? (
            <IconAction label="Delete your comment" icon={Trash2} onClick={() => onDelete(comment)} />
          ) : (
            <IconAction
              label={`Report comment by ${comment.pseudonym}`}
              icon={Flag}
              onClick={() => onReport(comment)}
            />
          )}
        </div>
      </div>
      <p className="mt-0.5 text-sm whitespace-pre-wrap break-words text-zinc-800 dark:text-zinc-200">
        {comment.content}
      </p>
      {children}
    </li>
  );
}
