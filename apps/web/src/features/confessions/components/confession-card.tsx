import type { ConfessionReaction, ConfessionView } from "@heartline/shared";
import { Flag, MessageCircle, Trash2 } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
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
  /** The one a link named (a comment's notification): scrolled to, highlighted a while, comments open. */
  isLinked?: boolean;
}

/** How long a linked confession stays highlighted. */
const LINKED_HIGHLIGHT_MS = 2_500;

/** One confession: no name or avatar, its reactions, and its comment thread opened underneath. */
export function ConfessionCard({
  confession,
  onReact,
  onReport,
  onDelete,
  isLinked = false,
}: ConfessionCardProps) {
  const [isThreadOpen, setThreadOpen] = useState(isLinked);
  const [isHighlighted, setHighlighted] = useState(false);
  const articleRef = useRef<HTMLElement>(null);
  const threadId = useId();
  const headingId = useId();
  const { commentCount } = confession;
  useEffect(() => {
    if (!isLinked) return;
    setThreadOpen(true);
    setHighlighted(true);
    articleRef.current?.scrollIntoView({ block: "start", behavior: "smooth" });
    articleRef.current?.focus({ preventScroll: true });
    const timer = setTimeout(() => setHighlighted(false), LINKED_HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [isLinked]);
  return (
    <article
      ref={articleRef}
      aria-labelledby={headingId}
      data-testid="confession"
      data-linked={isLinked ? "true" : undefined}
      data-highlighted={isHighlighted ? "true" : undefined}
      tabIndex={isLinked ? -1 : undefined}
      className={`scroll-mt-20 rounded-2xl border bg-white p-4 shadow-sm transition-[box-shadow,border-color] duration-700 focus:outline-none sm:p-5 dark:bg-zinc-900 ${
        isHighlighted
          ? "border-rose-400 ring-4 ring-rose-200 dark:border-rose-500 dark:ring-rose-900/60"
          : "border-zinc-200 dark:border-zinc-800"
      }`}
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
