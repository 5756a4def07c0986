import type { ConfessionReaction, ConfessionView } from "@heartline/shared";
import { Flag, MessageCircle, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { relativeTime } from "../../../lib/relative-time";
import { AuthorLabel } from "./author-label";
import { ConfessionThread } from "./confession-thread";
import { ContentWarningCover } from "./content-warning-cover";
import { IconAction } from "./icon-action";
import { ReactionBar } from "./reaction-bar";

export interface ConfessionCardProps {
  confession: ConfessionView;
  onReact: (confession: ConfessionView, emoji: ConfessionReaction) => void;
  onReport: (subject: { confessionId: string; commentId?: string; content: string }) => void;
  onDelete: (confession: ConfessionView) => void;
}

/** One confession: no name or avatar, its reactions, and its comment thread opened underneath. */
export function ConfessionCard({ confession, onReact, onReport, onDelete }: ConfessionCardProps) {
  const [isThreadOpen, setThreadOpen] = useState(false);
  const threadId = useId();
  const headingId = useId();
  const { commentCount } = confession;
  return (
    <article
      aria-labelledby={headingId}
      data-testid="confession"
      className="rounded-2xl border border-zinc-200 bg-white p-4 shadow-sm sm:p-5 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <header className="flex items-center justify-between gap-2">
        <h2 id={headingId} className="flex items-center gap-2 text-sm">
          <AuthorLabel label="Anonymous" isOwn={confession.isOwn} />
          <span aria-hidden="true" className="text-zinc-400">
            ·
          </span>
          <time
            dateTime={new Date(confession.createdAt).toISOString()}
            className="text-xs font-normal text-zinc-500 dark:text-zinc-400"
          >
            {relativeTime(confession.createdAt)}
          </time>
        </h2>
        <div className="flex items-center">
          {confession.isOwn ? (
            <IconAction
              label="Delete this confession"
              text="Delete"
              icon={Trash2}
              onClick={() => onDelete(confession)}
            />
          ) : (
            <IconAction
              label="Report this confession"
              text="Report"
              icon={Flag}
              onClick={() => onReport({ confessionId: confession.id, content: confession.content })}
            />
          )}
        </div>
      </header>
      <div className="mt-3">
        <ContentWarningCover warning={confession.contentWarning}>
          <p className="text-[15px] leading-relaxed whitespace-pre-wrap break-words text-zinc-800 dark:text-zinc-200">
            {confession.content}
          </p>
        </ContentWarningCover>
      </div>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <ReactionBar
          reactions={confession.reactions}
          myReaction={confession.myReaction}
          onReact={(emoji) => onReact(confession, emoji)}
        />
        <button
          type="button"
          aria-expanded={isThreadOpen}
          aria-controls={threadId}
          onClick={() => setThreadOpen((isOpen) => !isOpen)}
          className="inline-flex h-9 items-center gap-1.5 rounded-full px-3 text-sm font-medium text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-500 dark:text-zinc-300 dark:hover:bg-zinc-800 dark:hover:text-white"
        >
          <MessageCircle aria-hidden="true" className="size-4" />
          {commentCount} {commentCount === 1 ? "comment" : "comments"}
        </button>
      </div>
      <div id={threadId}>
        {isThreadOpen ? (
          <ConfessionThread
            confessionId={confession.id}
            onReport={(comment) =>
              onReport({ confessionId: confession.id, commentId: comment.id, content: comment.content })
            }
          />
        ) : null}
      </div>
    </article>
  );
}
