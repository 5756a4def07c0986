import { AUTOMOD_MESSAGES } from "@heartline/shared";
import { ApiError } from "../../../lib/http-client";
import { useRequestReview } from "../api/use-request-review";

export interface AskForReviewProps {
  /** The id the blocked send carried: the server kept its text under it. */
  messageId: string;
  /** Classes for the button, so it matches the line it sits in. */
  className?: string;
}

/**
 * "Ask for review" beside a message AutoMod blocked (issue #15): once asked, it says so; a refusal (asked
 * before, not a blocked message) shows the server's own text.
 */
export function AskForReview({ messageId, className = "" }: AskForReviewProps) {
  const review = useRequestReview();
  if (review.isSuccess) {
    return (
      <span role="status" className="text-xs font-medium text-zinc-700 dark:text-zinc-300">
        {AUTOMOD_MESSAGES.reviewRequested}
      </span>
    );
  }
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <button
        type="button"
        disabled={review.isPending}
        onClick={() => review.mutate({ messageId })}
        className={`rounded-md px-1.5 py-0.5 text-xs font-semibold underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-rose-500 disabled:opacity-60 ${className}`}
      >
        Ask for review
      </button>
      {review.isError ? (
        <span role="alert" className="text-xs text-rose-700 dark:text-rose-300">
          {review.error instanceof ApiError ? review.error.message : "Could not ask for a review. Try again."}
        </span>
      ) : null}
    </span>
  );
}
