import {
  CONFESSION_COMMENT_MAX_LENGTH,
  type ConfessionComment,
  createConfessionCommentSchema,
} from "@heartline/shared";
import { X } from "lucide-react";
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from "react";
import { Button } from "../../../ui/button";
import { usePostComment } from "../api/use-post-comment";
import { useRetrySafePost } from "../hooks/use-retry-safe-post";
import { CountedTextarea } from "./counted-textarea";

export interface CommentComposerProps {
  confessionId: string;
  /** The top-level comment being answered, or null for a new top-level comment. */
  replyTo: ConfessionComment | null;
  onCancelReply: () => void;
}

/** A comment or a reply (1–500 characters); its uuid is kept until the server has it (retry-safe). */
export function CommentComposer({ confessionId, replyTo, onCancelReply }: CommentComposerProps) {
  const [content, setContent] = useState("");
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const fieldId = `comment-${confessionId}`;
  const { send, error, isPending } = useRetrySafePost({
    parse: (id) => createConfessionCommentSchema.safeParse({ id, content, parentId: replyTo?.id ?? null }),
    post: usePostComment(confessionId),
    onPosted: () => {
      setContent("");
      onCancelReply();
    },
  });

  useEffect(() => {
    if (replyTo) inputRef.current?.focus();
  }, [replyTo]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };
  const keyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };

  const label = replyTo ? `Reply to ${replyTo.pseudonym}` : "Write a comment";
  return (
    <form aria-label={label} onSubmit={submit} className="mt-3 space-y-2">
      {replyTo ? (
        <p className="flex items-center gap-2 text-xs text-zinc-600 dark:text-zinc-400">
          Replying to <span className="font-semibold">{replyTo.pseudonym}</span>
          <button
            type="button"
            aria-label="Cancel reply"
            onClick={onCancelReply}
            className="inline-flex size-6 items-center justify-center rounded-md hover:bg-zinc-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-500 dark:hover:bg-zinc-800"
          >
            <X aria-hidden="true" className="size-3.5" />
          </button>
        </p>
      ) : null}
      <CountedTextarea
        id={fieldId}
        label={label}
        isLabelHidden
        value={content}
        onChange={setContent}
        onKeyDown={keyDown}
        textareaRef={inputRef}
        maxLength={CONFESSION_COMMENT_MAX_LENGTH}
        placeholder={replyTo ? "Write a reply…" : "Add a comment… (you'll be anonymous here too)"}
        rows={2}
        errorId={error ? `${fieldId}-error` : undefined}
      />
      {error ? (
        <p id={`${fieldId}-error`} role="alert" className="text-sm text-rose-700 dark:text-rose-300">
          {error}
        </p>
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" size="sm" disabled={isPending || content.trim().length === 0}>
          {isPending ? "Sending…" : replyTo ? "Reply" : "Comment"}
        </Button>
      </div>
    </form>
  );
}
